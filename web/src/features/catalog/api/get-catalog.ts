import { catalogResponseSchema } from '@mia/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Catalog } from '@/features/catalog/catalog';
import { readEmbeddedCatalog } from '@/features/catalog/embedded';

/** GET /api/catalog (billing, public, ETag): every product the pages may name, and the plans. */
export const getCatalog = (signal?: AbortSignal): Promise<Catalog> =>
  api.get('/api/catalog', { schema: catalogResponseSchema, signal });

export const catalogQueryKey = ['catalog'] as const;

// Billing lets the catalogue be cached for a minute; an owner's edit shows up within that.
const ONE_MINUTE = 60 * 1000;

export const catalogQueryOptions = () =>
  queryOptions({
    queryKey: catalogQueryKey,
    queryFn: ({ signal }) => getCatalog(signal),
    staleTime: ONE_MINUTE,
    // The copy the gateway embedded in the page, when there is one: no first request.
    initialData: () => readEmbeddedCatalog() ?? undefined,
  });
