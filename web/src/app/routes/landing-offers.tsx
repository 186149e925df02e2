import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { catalogView, type CatalogView } from '@/features/catalog/catalog-view';
import { readEmbeddedCatalog } from '@/features/catalog/embedded';
import { Plans } from '@/features/landing/components/plans';
import { ProductGrid } from '@/features/landing/components/product-grid';
import { TrialPrompt } from '@/features/landing/components/trial-prompt';
import { useI18n } from '@/i18n';

export { SiteFooter } from '@/components/layouts/site-footer';

const LiveOffers = lazy(() => import('./landing-offers-live'));

/**
 * The landing page below its first screen: the tools, the plans and the trial. In a chunk of its
 * own, fetched as the first screen renders, so the first download carries only what the first
 * screen shows. The tools and prices are the catalogue the gateway embedded in the page (it also
 * wrote them, with the structured data, into the HTML for crawlers); without that copy they are
 * asked from billing.
 */
/**
 * Links such as 'Ver Precios' arrive as '/#pricing', whose target is in the offers; the router does
 * not scroll, and the target exists only once they have rendered (with the catalogue).
 */
function ScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return null;
}

export function Offers({ signedIn }: { signedIn: boolean }) {
  const { locale } = useI18n();
  const embedded = readEmbeddedCatalog();
  const view = useMemo(() => (embedded ? catalogView(embedded, locale) : null), [embedded, locale]);

  const offers = (catalog: CatalogView) => (
    <>
      <ScrollToHash />
      <ProductGrid signedIn={signedIn} products={catalog.products} />
      <Plans signedIn={signedIn} view={catalog} />
      <TrialPrompt signedIn={signedIn} />
    </>
  );

  if (view) return offers(view);
  return (
    <Suspense fallback={<div className="min-h-screen" />}>
      <LiveOffers>{offers}</LiveOffers>
    </Suspense>
  );
}
