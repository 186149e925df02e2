import type { PlanType } from '@mia/contracts';

/**
 * The /checkout/{plan} slugs of the two plans (the spec's links). Prices come from the
 * catalogue; these are addresses, kept with the web app that owns its URLs.
 */
export const planCheckoutIds = {
  monthly: 'monthly-subscription',
  annual: 'annual-subscription',
} as const satisfies Record<PlanType, string>;

export function planTypeOfCheckoutId(id: string): PlanType | undefined {
  if (id === planCheckoutIds.monthly) return 'monthly';
  if (id === planCheckoutIds.annual) return 'annual';
  return undefined;
}
