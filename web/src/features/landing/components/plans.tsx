import { Check, Church, Gift } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { annualSavings, monthlyEquivalentCents } from '@/features/catalog/catalog';
import type { CatalogView } from '@/features/catalog/catalog-view';
import { planCheckoutIds } from '@/features/catalog/plans';
import { formatMoney, useI18n } from '@/i18n';
import { cn } from '@/lib/cn';
import { signInPath } from '@/lib/next-path';

/** Monthly and annual plans; the saving is computed from the catalogue's prices, never typed in. */
export function Plans({ signedIn, view }: { signedIn: boolean; view: CatalogView }) {
  const { t, locale } = useI18n();
  const copy = t.landing.plans;
  const savings = annualSavings(view.catalog);
  const cards = [
    { planType: 'monthly', period: copy.perMonth, cta: copy.chooseMonthly, note: null },
    {
      planType: 'annual',
      period: copy.perYear,
      cta: copy.chooseAnnual,
      note: savings ? copy.savings(formatMoney(savings.cents, locale), savings.percent) : null,
    },
  ] as const;

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mb-10 max-w-2xl">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-navy-900">
            {copy.heading}
          </h2>
          <p className="mt-3 text-lg text-navy-700">{copy.subtitle}</p>
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          {cards.map(({ planType, period, cta, note }) => {
            const plan = view.plan(planType);
            // A plan the catalogue does not list is not for sale: no card for it.
            if (!plan) return null;
            const id = planCheckoutIds[planType];
            const text = t.catalog.plans[planType];
            const featured = planType === 'annual';
            return (
              <article
                key={id}
                aria-labelledby={`${id}-title`}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-white p-7 shadow-sm',
                  featured ? 'border-gold-500 ring-2 ring-gold-400' : 'border-cream-300/70',
                )}
              >
                {featured ? (
                  <Badge variant="gold" className="absolute -top-3 left-7">
                    {copy.bestValue}
                  </Badge>
                ) : null}
                <h3 id={`${id}-title`} className="text-xl font-semibold text-navy-900">
                  {text.name}
                </h3>
                <p className="mt-1 text-navy-700">{text.description}</p>
                <p className="mt-5 flex items-baseline gap-1">
                  <span className="text-4xl font-bold text-navy-900">
                    {formatMoney(plan.priceCents, locale)}
                  </span>
                  <span className="text-navy-700">{period}</span>
                </p>
                {note ? (
                  <p className="mt-2 font-semibold text-green-800" data-testid="annual-savings">
                    {note}
                  </p>
                ) : null}
                {plan.interval === 'year' ? (
                  <p className="mt-1 text-sm text-navy-700">
                    {copy.monthlyEquivalent(formatMoney(monthlyEquivalentCents(plan), locale))}
                  </p>
                ) : null}
                <ul className="mt-6 space-y-2 text-navy-800">
                  {text.features(view.toolCount).map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-600" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Button
                  asChild
                  variant={featured ? 'accent' : 'primary'}
                  size="lg"
                  className="mt-8 w-full"
                >
                  <Link to={signedIn ? paths.checkout(id) : paths.auth}>{cta}</Link>
                </Button>
                <Button asChild variant="ghost" className="mt-2 w-full">
                  <Link
                    to={
                      signedIn
                        ? paths.gift({ plan: planType })
                        : signInPath(paths.gift({ plan: planType }))
                    }
                    aria-label={copy.giftLabel(text.name)}
                  >
                    <Gift aria-hidden="true" />
                    {copy.gift}
                  </Link>
                </Button>
              </article>
            );
          })}
        </div>
        <div className="mt-8 flex flex-col gap-4 rounded-2xl border border-cream-300/70 bg-cream-100 p-6 sm:flex-row sm:items-center">
          <Church aria-hidden="true" className="size-8 shrink-0 text-gold-700" />
          <div className="flex-1">
            <h3 className="text-lg font-semibold text-navy-900">{copy.churchTitle}</h3>
            <p className="mt-1 text-navy-700">{copy.churchText}</p>
          </div>
          <Button asChild size="lg">
            <Link to={signedIn ? paths.teamNew : signInPath(paths.teamNew)}>{copy.churchCta}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
