import { brand } from '@mia/catalog';
import { Lightbulb, Mail, MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toolPriceText } from '@/features/catalog/catalog';
import { CatalogTextSkeleton } from '@/features/catalog/components/catalog-state';
import { WithCatalog } from '@/features/catalog/components/with-catalog';
import { useCatalog } from '@/features/catalog/use-catalog';
import { formatMoney, useI18n } from '@/i18n';

export default function UserGuideRoute() {
  const { t, locale } = useI18n();
  const copy = t.userGuide;
  const { firstSteps } = copy;
  const catalog = useCatalog().view?.catalog;
  const price = catalog
    ? toolPriceText(catalog, (cents) => formatMoney(cents, locale), t.catalog.fromPrice)
    : undefined;
  const groups = [
    { title: firstSteps.account.title, steps: firstSteps.account.steps },
    {
      title: firstSteps.purchase.title,
      // Until the catalogue gives the price, the steps wait for it (a placeholder, not a guess).
      steps: price ? firstSteps.purchase.steps(price) : null,
    },
    { title: firstSteps.use.title, steps: firstSteps.use.steps },
  ];

  return (
    <InfoPageLayout page="userGuide" title={copy.heading} subtitle={copy.subtitle}>
      <section aria-labelledby="quick-start-title">
        <h2 id="quick-start-title" className="text-2xl font-bold text-navy-900">
          {copy.quickStart.heading}
        </h2>
        <ol className="mt-6 grid gap-5 md:grid-cols-3">
          {copy.quickStart.steps.map((step, index) => (
            <li
              key={step.title}
              className="rounded-2xl border border-cream-300/70 bg-white p-6 shadow-sm"
            >
              <span
                aria-hidden="true"
                className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-navy-900 font-bold text-gold-300"
              >
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold text-navy-900">{step.title}</h3>
              <p className="mt-1 text-navy-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="first-steps-title" className="mt-14">
        <h2 id="first-steps-title" className="text-2xl font-bold text-navy-900">
          {firstSteps.heading}
        </h2>
        <div className="mt-6 grid gap-5 md:grid-cols-3">
          {groups.map((group) => (
            <div key={group.title} className="rounded-2xl bg-cream-100 p-6">
              <h3 className="font-semibold text-navy-900">{group.title}</h3>
              <ol className="mt-3 list-decimal space-y-2 pl-5 text-navy-800">
                {group.steps ? (
                  group.steps.map((step) => <li key={step}>{step}</li>)
                ) : (
                  <li>
                    <CatalogTextSkeleton className="w-full" />
                  </li>
                )}
              </ol>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="guides-title" className="mt-14">
        <h2 id="guides-title" className="text-2xl font-bold text-navy-900">
          {copy.guides.heading}
        </h2>
        <p className="mt-2 text-navy-700">{copy.guides.subtitle}</p>
        <WithCatalog>
          {({ products }) => (
            <div className="mt-6 grid gap-5 md:grid-cols-2">
              {products.map((product) => {
                const text = product;
                return (
                  <section
                    key={product.id}
                    aria-labelledby={`guide-${product.id}`}
                    className="rounded-2xl border border-cream-300/70 bg-white p-6 shadow-sm"
                  >
                    <h3 id={`guide-${product.id}`} className="text-lg font-semibold text-navy-900">
                      {text.name}
                    </h3>
                    <p className="mt-1 text-sm text-navy-700">{text.description}</p>
                    <h4 className="mt-4 flex items-center gap-2 text-sm font-semibold text-navy-900">
                      <MessageCircle aria-hidden="true" className="size-4 text-gold-600" />
                      {copy.guides.examples}
                    </h4>
                    <ul className="mt-2 space-y-2" lang={locale}>
                      {product.examplePrompts.map((prompt) => (
                        <li
                          key={prompt}
                          className="rounded-lg bg-cream-100 px-3 py-2 text-sm text-navy-800 italic"
                        >
                          «{prompt}»
                        </li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
          )}
        </WithCatalog>
      </section>

      <section
        aria-labelledby="tips-title"
        className="mt-14 rounded-3xl border border-gold-300 bg-gold-100 p-8"
      >
        <h2 id="tips-title" className="flex items-center gap-2 text-2xl font-bold text-navy-900">
          <Lightbulb aria-hidden="true" className="size-6 text-gold-700" />
          {copy.tips.heading}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-navy-800">
          {copy.tips.items.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="help-title"
        className="mt-14 rounded-3xl bg-navy-900 p-8 text-cream-50"
      >
        <h2 id="help-title" className="text-2xl font-bold">
          {copy.help.heading}
        </h2>
        <p className="mt-2 text-cream-200">{copy.help.text}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="accent">
            <Link to={paths.support}>{copy.help.supportCenter}</Link>
          </Button>
          <Button asChild variant="onDark" wrap className="py-2">
            <a href={`mailto:${brand.supportEmail}`}>
              <Mail aria-hidden="true" />
              {copy.help.email(brand.supportEmail)}
            </a>
          </Button>
        </div>
      </section>
    </InfoPageLayout>
  );
}
