import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Plans } from '@/features/landing/components/plans';
import { ProductGrid } from '@/features/landing/components/product-grid';
import { StructuredData } from '@/features/landing/components/structured-data';
import { TrialPrompt } from '@/features/landing/components/trial-prompt';

export { SiteFooter } from '@/components/layouts/site-footer';

/**
 * The landing page below its first screen: the tools, the plans, the trial and the structured data.
 * In a chunk of its own, fetched as the first screen renders, so the first download carries only
 * what the first screen shows.
 */
export function Offers({ signedIn }: { signedIn: boolean }) {
  const { hash } = useLocation();

  // Links such as 'Ver Precios' arrive as '/#pricing', whose target is here; the router does not
  // scroll, and the target exists only once this part has rendered.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <StructuredData />
      <ProductGrid signedIn={signedIn} />
      <Plans signedIn={signedIn} />
      <TrialPrompt signedIn={signedIn} />
    </>
  );
}
