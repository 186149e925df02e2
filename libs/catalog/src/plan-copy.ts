import type { PlanType } from './plans.js';

/**
 * What the services call each plan in messages, receipts, histories and at the provider, and
 * the ids the spec's pages send as `priceId`. Copy and identifiers, not catalogue data: a
 * plan's price and interval come from billing's catalogue, which the owner edits (ADR 0018).
 */
const plans: Record<PlanType, { id: string; placeholderPriceId: string; es: string; en: string }> =
  {
    monthly: {
      id: 'monthly-subscription',
      placeholderPriceId: 'price_monthly_placeholder',
      es: 'Plan Mensual',
      en: 'Monthly Plan',
    },
    annual: {
      id: 'annual-subscription',
      placeholderPriceId: 'price_annual_placeholder',
      es: 'Plan Anual',
      en: 'Annual Plan',
    },
  };

export const planName = (plan: PlanType, locale: 'es' | 'en' = 'es'): string => plans[plan][locale];

/** Whether the `priceId` a page sent names this plan (its id, or the spec's placeholder). */
export const namesPlan = (priceId: string, plan: PlanType): boolean =>
  priceId === plans[plan].id || priceId === plans[plan].placeholderPriceId;

export const planIdOf = (plan: PlanType): string => plans[plan].id;
