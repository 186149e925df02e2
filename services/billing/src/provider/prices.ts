import type Stripe from 'stripe';
import type { PlanType } from '@mia/contracts';
import type { CatalogPlan, CatalogReader } from '../catalog/catalog-reader.js';
import { planIdOf, planName } from '@mia/catalog';
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
export const planLookupKey = (
  plan: Pick<CatalogPlan, 'planType' | 'priceCents' | 'currency'>,
): string => lookupKeyOf(plan.planType, plan.priceCents, plan.currency);

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
 * The provider price of each plan at the catalogue's current amount. A configured price id
 * (production) is used while it bills exactly that amount and interval; once the owner changes
 * the price (or without configuration: sandbox, Stripe test mode) the price is found by lookup
 * key and created when missing, since prices are immutable at the provider.
 */
export function createPlanPrices(
  stripe: Stripe,
  config: Pick<BillingConfig, 'STRIPE_PRICE_MONTHLY' | 'STRIPE_PRICE_ANNUAL'>,
  logger: Logger,
  catalog: Pick<CatalogReader, 'plan'>,
): PlanPrices {
  const configured: Record<PlanType, string | undefined> = {
    monthly: config.STRIPE_PRICE_MONTHLY,
    annual: config.STRIPE_PRICE_ANNUAL,
  };
  // By lookup key, i.e. per plan and amount: a price change resolves a new entry.
  const resolved = new Map<string, Promise<string>>();

  async function configuredMatching(plan: CatalogPlan, id: string): Promise<string | null> {
    const price = await callProvider(() => stripe.prices.retrieve(id));
    const matches =
      price.unit_amount === plan.priceCents &&
      price.currency === plan.currency.toLowerCase() &&
      price.recurring?.interval === plan.interval;
    if (!matches) {
      logger.warn(
        { plan: plan.planType, price: id },
        'configured plan price does not bill the catalogue amount; using a price of its own',
      );
    }
    return matches ? id : null;
  }

  async function findOrCreate(plan: CatalogPlan): Promise<string> {
    const key = planLookupKey(plan);
    const found = await callProvider(() =>
      stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }),
    );
    const existing = found.data[0];
    if (existing) return existing.id;
    const name = planName(plan.planType);
    const product = await callProvider(() =>
      stripe.products.create(
        { name, metadata: { planId: planIdOf(plan.planType) } },
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
          nickname: name,
        },
        { idempotencyKey: `price-${key}` },
      ),
    );
    logger.info({ plan: plan.planType, price: price.id }, 'plan price created at the provider');
    return price.id;
  }

  async function resolve(plan: CatalogPlan): Promise<string> {
    const id = configured[plan.planType];
    return (id && (await configuredMatching(plan, id))) || findOrCreate(plan);
  }

  return {
    async priceFor(planType) {
      const plan = await catalog.plan(planType);
      const key = planLookupKey(plan);
      let price = resolved.get(key);
      if (!price) {
        price = resolve(plan);
        // A failure is not remembered: the next checkout asks again.
        price.catch(() => resolved.delete(key));
        resolved.set(key, price);
      }
      return price;
    },
  };
}
