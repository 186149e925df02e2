import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useI18n } from '@/i18n';
import { catalogQueryOptions } from './api/get-catalog';
import { catalogView } from './catalog-view';

export type { CatalogView } from './catalog-view';

/**
 * The one way the app reads the catalogue: the query on GET /api/catalog, seen in the current
 * locale. `view` is undefined until the first answer; callers show CatalogSkeleton / CatalogError.
 */
export function useCatalog() {
  const { locale } = useI18n();
  const query = useQuery(catalogQueryOptions());
  const { data } = query;
  const view = useMemo(() => (data ? catalogView(data, locale) : undefined), [data, locale]);
  return {
    view,
    isPending: query.isPending,
    isError: query.isError && !data,
    error: query.error,
    retry: () => void query.refetch(),
  };
}
