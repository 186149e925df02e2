import type Stripe from 'stripe';
import { planFor, type Plan, type PlanType } from '@mia/catalog';
import type { Logger } from '@mia/service-kit';
import type { BillingConfig } from '../config.js';
import { callProvider } from './provider-errors.js';

/** The provider's price for each plan, resolved on the server: the browser never names one. */
export interface PlanPrices {
  priceFor(planType: PlanType): Promise<string>;
}

const lookupKeyOf = (planType: PlanType, cents: number | null, currency: string): string =>
  `mia_${planType}_${cents}_${currency.toLowerCase()}`;

/** Names the price of the catalogue's plan at its current amount (a new amount, a new key). */
export const planLookupKey = (plan: Plan): string =>
  lookupKeyOf(plan.planType, plan.priceCents, plan.currency);

/**
 * A price billing created for the plan at some catalogue amount (a subscription bought before a
 * price change keeps it): its lookup key names the plan and its own amount. An ad-hoc price set
 * at the provider has none.
 */
export const isPlanPriceOfOurs = (
  price: Pick<Stripe.Price, 'lookup_key' | 'unit_amount' | 'currency'>,
  planType: PlanType,
): boolean => price.lookup_key === lookupKeyOf(planType, price.unit_amount, price.currency);

/** The plan a provider price bills for, by its interval (the catalogue has one plan per interval). */
export const planOfPrice = (price: Pick<Stripe.Price, 'recurring'>): PlanType =>
  price.recurring?.interval === 'year' ? 'annual' : 'monthly';

/**
 * Configured price ids (production) are checked once against the catalogue, so the amount the
 * page shows is the amount charged. Without them (sandbox, Stripe test mode) the price is found
 * by lookup key and created from the catalogue when missing.
 */
export function createPlanPrices(
  stripe: Stripe,
  config: Pick<BillingConfig, 'STRIPE_PRICE_MONTHLY' | 'STRIPE_PRICE_ANNUAL'>,
  logger: Logger,
): PlanPrices {
  const configured: Record<PlanType, string | undefined> = {
    monthly: config.STRIPE_PRICE_MONTHLY,
    annual: config.STRIPE_PRICE_ANNUAL,
  };
  const resolved = new Map<PlanType, Promise<string>>();

  async function checkConfigured(plan: Plan, id: string): Promise<string> {
    const price = await callProvider(() => stripe.prices.retrieve(id));
    const matches =
      price.unit_amount === plan.priceCents &&
      price.currency === plan.currency.toLowerCase() &&
      price.recurring?.interval === plan.interval;
    if (!matches) {
      throw new Error(
        `Configured price ${id} for the ${plan.planType} plan does not bill ` +
          `${plan.priceCents} ${plan.currency} per ${plan.interval} as the catalogue says`,
      );
    }
    return id;
  }

  async function findOrCreate(plan: Plan): Promise<string> {
    const key = planLookupKey(plan);
    const found = await callProvider(() =>
      stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }),
    );
    const existing = found.data[0];
    if (existing) return existing.id;
    const product = await callProvider(() =>
      stripe.products.create(
        { name: plan.name, metadata: { planId: plan.id } },
        { idempotencyKey: `product-${key}` },
      ),
    );
    const price = await callProvider(() =>
      stripe.prices.create(
        {
          product: product.id,
          currency: plan.currency.toLowerCase(),
          unit_amount: plan.priceCents,
          recurring: { interval: plan.interval },
          lookup_key: key,
          nickname: plan.name,
        },
        { idempotencyKey: `price-${key}` },
      ),
    );
    logger.info({ plan: plan.planType, price: price.id }, 'plan price created at the provider');
    return price.id;
  }

  return {
    priceFor(planType) {
      let price = resolved.get(planType);
      if (!price) {
        const plan = planFor(planType);
        const id = configured[planType];
        price = id ? checkConfigured(plan, id) : findOrCreate(plan);
        // A failure is not remembered: the next checkout asks again.
        price.catch(() => resolved.delete(planType));
        resolved.set(planType, price);
      }
      return price;
    },
  };
}
