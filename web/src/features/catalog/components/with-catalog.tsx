import type { ReactNode } from 'react';
import type { CatalogView } from '@/features/catalog/catalog-view';
import { useCatalog } from '@/features/catalog/use-catalog';
import { CatalogError, CatalogSkeleton } from './catalog-state';

/**
 * Renders `children` with the catalogue once it is there; until then the skeleton (or the given
 * placeholder), and on failure the error with a retry.
 */
export function WithCatalog({
  children,
  placeholder,
}: {
  children: (view: CatalogView) => ReactNode;
  placeholder?: ReactNode;
}) {
  const { view, isError, retry } = useCatalog();
  if (view) return children(view);
  if (isError) return <CatalogError onRetry={retry} />;
  return placeholder ?? <CatalogSkeleton />;
}
