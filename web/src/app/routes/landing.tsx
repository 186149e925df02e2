import type { User } from '@mia/contracts';
import { lazy, Suspense, useState } from 'react';
import { MAIN_ID, SkipLink } from '@/components/layouts/skip-link';
import { Seo } from '@/components/seo/seo';
import { useAfterFirstPaint } from '@/app/after-first-paint';
import { catalogFigures } from '@/features/catalog/catalog';
import { readEmbeddedCatalog } from '@/features/catalog/embedded';
import { Benefits } from '@/features/landing/components/benefits';
import { Hero } from '@/features/landing/components/hero';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { hasSignedInHint } from '@/lib/signed-in-hint';

// Anonymous visitors (no signed-in hint) never load it, nor the query cache it needs.
const LandingUser = lazy(() => import('./landing-user'));

// Below the first screen, fetched once it is painted; both come from one chunk (landing-offers.tsx).
const offers = () => import('./landing-offers');
const Offers = lazy(() => offers().then((module) => ({ default: module.Offers })));
const SiteFooter = lazy(() => offers().then((module) => ({ default: module.SiteFooter })));

// Holds the offers' place, so the page is as tall as it will be from its first paint (no scroll
// bar appearing and shifting the first screen when they arrive).
const offersPlaceholder = <div className="min-h-screen" />;

export default function LandingRoute() {
  const [user, setUser] = useState<User | null>(null);
  const signedIn = Boolean(user);
  const painted = useAfterFirstPaint();
  // The gateway's copy of the catalogue in the page: its figures for the head, no request.
  const catalog = readEmbeddedCatalog();

  return (
    <>
      <Seo page="landing" figures={catalog ? catalogFigures(catalog) : null} />
      <SkipLink />
      {hasSignedInHint() && (
        <Suspense fallback={null}>
          <LandingUser onUser={setUser} />
        </Suspense>
      )}
      <LandingHeader user={user} />
      <main id={MAIN_ID} tabIndex={-1} className="outline-none">
        <Hero signedIn={signedIn} />
        <Benefits />
        {painted ? (
          <Suspense fallback={offersPlaceholder}>
            <Offers signedIn={signedIn} />
          </Suspense>
        ) : (
          offersPlaceholder
        )}
      </main>
      {painted && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </>
  );
}
