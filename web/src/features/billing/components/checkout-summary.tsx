import { Check, Crown } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatMoney, useI18n } from '@/i18n';
import { checkoutItemText, type CheckoutItem } from '@/features/billing/checkout-item';

/** What is being bought: name, price, 'Pago único' (or the plan's period) and its features. */
export function CheckoutSummary({ found }: { found: CheckoutItem }) {
  const { t, locale } = useI18n();
  const text = checkoutItemText(found, locale, t.catalog.plans);
  const terms =
    found.kind === 'product'
      ? t.common.oneTimePayment
      : found.item.interval === 'month'
        ? t.checkout.perMonth
        : t.checkout.perYear;
  return (
    <Card className="overflow-hidden lg:sticky lg:top-6" data-testid="checkout-summary">
      {found.kind === 'product' ? (
        <img
          src={found.item.image}
          alt=""
          width={400}
          height={225}
          className="aspect-[16/7] w-full bg-cream-200 object-cover"
        />
      ) : (
        <div className="flex aspect-[16/7] items-center justify-center bg-navy-900 text-gold-400">
          <Crown aria-hidden="true" className="size-14" />
        </div>
      )}
      <CardHeader>
        <p className="text-sm font-semibold text-navy-700">{t.checkout.summary}</p>
        <h2 className="text-xl font-bold text-navy-900">{text.name}</h2>
        <p className="text-sm text-navy-700">{text.description}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-bold text-navy-900">
            {formatMoney(found.item.priceCents, locale)}
          </span>
          <span className="text-sm font-medium text-navy-700">{terms}</span>
        </p>
        <div>
          <h3 className="text-sm font-semibold text-navy-900">{t.checkout.included}</h3>
          <ul className="mt-2 grid gap-2 text-sm text-navy-800">
            {text.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-600" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
