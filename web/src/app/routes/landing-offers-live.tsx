import { QueryProvider } from '@/app/query-provider';
import { CatalogSkeleton } from '@/features/catalog/components/catalog-state';
import { WithCatalog } from '@/features/catalog/components/with-catalog';
import type { CatalogView } from '@/features/catalog/catalog-view';
import type { ReactNode } from 'react';

/**
 * The landing page's offers when the page came without the gateway's copy of the catalogue (the
 * development server, or a gateway that never reached billing): asked from billing with the query
 * cache, skeleton while it loads, a retry if it fails. In its own chunk, so the usual landing
 * page (catalogue embedded) never downloads the query cache or zod.
 */
export default function LiveOffers({ children }: { children: (view: CatalogView) => ReactNode }) {
  return (
    <QueryProvider>
      <WithCatalog
        placeholder={
          <section className="bg-cream-100 py-16">
            <CatalogSkeleton className="mx-auto max-w-6xl px-4 sm:px-6" />
          </section>
        }
      >
        {children}
      </WithCatalog>
    </QueryProvider>
  );
}
