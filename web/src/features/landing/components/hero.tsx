import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toolCount } from '@/features/catalog/catalog';
import { readEmbeddedCatalog } from '@/features/catalog/embedded';
import { useI18n } from '@/i18n';

export function Hero({ signedIn }: { signedIn: boolean }) {
  const { t } = useI18n();
  // The first screen counts the tools from the copy the gateway embedded in the page: no request,
  // no query cache in the first download. Without one, the sentence reads without the number.
  const catalog = readEmbeddedCatalog();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-navy-950 via-navy-900 to-navy-700 text-cream-50"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 size-96 rounded-full bg-gold-400/15 blur-3xl"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <p className="mb-4 inline-block rounded-full bg-gold-400/15 px-3 py-1 text-sm font-semibold text-gold-200">
          {t.landing.hero.eyebrow}
        </p>
        <h1
          id="hero-title"
          className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl"
        >
          {t.landing.hero.title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-pretty text-cream-200 sm:text-xl">
          {t.landing.hero.subtitle(catalog ? toolCount(catalog) : null)}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="accent" size="lg">
            <a href="#pricing">{t.landing.hero.viewPricing}</a>
          </Button>
          <Button asChild variant="onDark" size="lg">
            <Link to={signedIn ? paths.dashboard : paths.auth}>
              {t.landing.hero.getStarted}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
