import {
  BookOpen,
  Check,
  Headphones,
  HeartHandshake,
  Infinity as InfinityIcon,
  Languages,
  Lock,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { catalogFigures } from '@/features/catalog/catalog';
import { CatalogTextSkeleton } from '@/features/catalog/components/catalog-state';
import { WithCatalog } from '@/features/catalog/components/with-catalog';
import { useCatalog } from '@/features/catalog/use-catalog';
import { useI18n } from '@/i18n';

const benefitIcons: LucideIcon[] = [
  ShieldCheck,
  InfinityIcon,
  Languages,
  BookOpen,
  HeartHandshake,
  Headphones,
];

export default function FeaturesRoute() {
  const { t } = useI18n();
  const copy = t.featuresPage;
  const view = useCatalog().view;
  return (
    <InfoPageLayout
      page="features"
      figures={view ? catalogFigures(view.catalog) : null}
      title={copy.heading}
      subtitle={
        view ? copy.subtitle(view.toolCount) : <CatalogTextSkeleton className="w-full max-w-xl" />
      }
    >
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {copy.benefits.map((benefit, index) => {
          const Icon = benefitIcons[index] ?? Check;
          return (
            <li
              key={benefit.title}
              className="rounded-2xl border border-cream-300/70 bg-white p-6 shadow-sm"
            >
              <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-gold-100 text-gold-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h2 className="text-lg font-semibold text-navy-900">{benefit.title}</h2>
              <p className="mt-2 text-navy-700">{benefit.text}</p>
            </li>
          );
        })}
      </ul>

      <section aria-labelledby="tools-title" className="mt-16">
        <h2 id="tools-title" className="text-3xl font-bold tracking-tight text-navy-900">
          {copy.toolsHeading}
        </h2>
        <p className="mt-3 text-lg text-navy-700">{copy.toolsSubtitle}</p>
        <WithCatalog>
          {({ products }) => (
            <div className="mt-8 grid gap-6 md:grid-cols-2">
              {products.map((product) => {
                const text = product;
                return (
                  <section
                    key={product.id}
                    aria-labelledby={`tool-${product.id}`}
                    className="flex gap-4 rounded-2xl border border-cream-300/70 bg-white p-6 shadow-sm"
                  >
                    <img
                      src={product.image}
                      alt=""
                      width={64}
                      height={64}
                      loading="lazy"
                      decoding="async"
                      className="size-16 shrink-0 rounded-xl bg-cream-200 object-cover"
                    />
                    <div>
                      <h3 id={`tool-${product.id}`} className="text-lg font-semibold text-navy-900">
                        {text.name}
                      </h3>
                      <p className="mt-1 text-sm text-navy-700">{text.description}</p>
                      <ul className="mt-3 space-y-1.5 text-sm text-navy-800">
                        {text.features.map((feature) => (
                          <li key={feature} className="flex gap-2">
                            <Check
                              aria-hidden="true"
                              className="mt-0.5 size-4 shrink-0 text-gold-600"
                            />
                            {feature}
                          </li>
                        ))}
                      </ul>
                    </div>
                  </section>
                );
              })}
            </div>
          )}
        </WithCatalog>
      </section>

      <section
        aria-labelledby="security-banner-title"
        className="mt-16 flex flex-col gap-4 rounded-3xl bg-navy-900 p-8 text-cream-50 sm:flex-row sm:items-center sm:p-10"
      >
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gold-400/20 text-gold-300">
          <Lock aria-hidden="true" className="size-7" />
        </span>
        <div>
          <h2 id="security-banner-title" className="text-2xl font-bold">
            {copy.securityBanner.title}
          </h2>
          <p className="mt-2 text-cream-200">{copy.securityBanner.text}</p>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mt-16 text-center">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-navy-900">
          {copy.cta.title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-navy-700">{copy.cta.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild variant="accent" size="lg">
            <Link to={{ pathname: paths.home, hash: '#pricing' }}>{copy.cta.pricing}</Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to={paths.support}>{copy.cta.support}</Link>
          </Button>
        </div>
      </section>
    </InfoPageLayout>
  );
}
