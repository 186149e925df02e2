import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { SiteFooter } from '@/components/layouts/site-footer';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Seo } from '@/components/seo/seo';
import { useUser } from '@/lib/session';
import { Benefits } from '@/features/landing/components/benefits';
import { Hero } from '@/features/landing/components/hero';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { Plans } from '@/features/landing/components/plans';
import { ProductGrid } from '@/features/landing/components/product-grid';
import { StructuredData } from '@/features/landing/components/structured-data';
import { TrialPrompt } from '@/features/landing/components/trial-prompt';

export default function LandingRoute() {
  const { data: user } = useUser();
  const signedIn = Boolean(user);
  const { hash } = useLocation();

  // Links such as 'Ver Precios' on other pages arrive as '/#pricing'; the router does not scroll.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <Seo page="landing" />
      <StructuredData />
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_ID} tabIndex={-1} className="outline-none">
        <Hero signedIn={signedIn} />
        <Benefits />
        <ProductGrid signedIn={signedIn} />
        <Plans signedIn={signedIn} />
        <TrialPrompt signedIn={signedIn} />
      </main>
      <SiteFooter />
    </>
  );
}
