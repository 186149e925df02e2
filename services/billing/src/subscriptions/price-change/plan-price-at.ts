import type Stripe from 'stripe';
import type { PlanType } from '@mia/contracts';
import type { Billing } from '../../billing.js';
import { callProvider } from '../../provider/provider-errors.js';
import { planLookupKey } from '../../provider/prices.js';

export interface PlanPriceTarget {
  planType: PlanType;
  priceCents: number;
  currency: string;
}

/**
 * The provider price of `target`, named by the lookup key billing gives a plan's price at each
 * amount (prices are immutable at the provider: a new amount is a new price). Found when the
 * catalogue already created it, else created on the subscription's own product and interval.
 * The one place this folder names the provider's prices: adapt here if prices.ts changes.
 */
export async function planPriceAt(
  billing: Pick<Billing, 'provider' | 'logger'>,
  target: PlanPriceTarget,
  current: Stripe.Price,
): Promise<string> {
  const { stripe } = billing.provider;
  // The key reads the plan type, amount and currency only.
  const key = planLookupKey(target);
  const found = await callProvider(() =>
    stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }),
  );
  if (found.data[0]) return found.data[0].id;
  const product = typeof current.product === 'string' ? current.product : current.product.id;
  const price = await callProvider(() =>
    stripe.prices.create(
      {
        product,
        currency: target.currency.toLowerCase(),
        unit_amount: target.priceCents,
        recurring: { interval: current.recurring?.interval ?? 'month' },
        lookup_key: key,
      },
      { idempotencyKey: `price-${key}` },
    ),
  );
  billing.logger.info(
    { plan: target.planType, price: price.id },
    'plan price created at the provider',
  );
  return price.id;
}
