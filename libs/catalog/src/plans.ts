import { z } from 'zod';
import { currency, type CatalogLocale, type Currency } from './money.js';
import { products } from './products.js';

export const planIds = ['monthly-subscription', 'annual-subscription'] as const;
export type PlanId = (typeof planIds)[number];
export const planIdSchema = z.enum(planIds);

export const planTypes = ['monthly', 'annual'] as const;
export type PlanType = (typeof planTypes)[number];
export const planTypeSchema = z.enum(planTypes);

export interface Plan {
  readonly id: PlanId;
  readonly planType: PlanType;
  readonly name: string;
  readonly nameEn: string;
  readonly description: string;
  readonly descriptionEn: string;
  readonly priceCents: number;
  readonly currency: Currency;
  readonly interval: 'month' | 'year';
  /**
   * Placeholder provider price id (the spec leaves them unnamed). Billing maps it to the real
   * provider price from its configuration.
   */
  readonly priceId: string;
  readonly features: readonly string[];
  readonly featuresEn: readonly string[];
}

const toolCount = products.length;

const sharedFeatures = [
  `Acceso a las ${toolCount} herramientas especializadas`,
  'Nuevas herramientas incluidas sin costo adicional',
  'Soporte prioritario 24/7',
];
const sharedFeaturesEn = [
  `Access to all ${toolCount} specialised tools`,
  'New tools included at no extra cost',
  'Priority 24/7 support',
];

export const monthlyPlan: Plan = {
  id: 'monthly-subscription',
  planType: 'monthly',
  name: 'Plan Mensual',
  nameEn: 'Monthly Plan',
  description: 'Todas las herramientas por una cuota mensual. Cancela cuando quieras.',
  descriptionEn: 'Every tool for a monthly fee. Cancel any time.',
  priceCents: 2000,
  currency,
  interval: 'month',
  priceId: 'price_monthly_placeholder',
  features: [...sharedFeatures, 'Cancela cuando quieras'],
  featuresEn: [...sharedFeaturesEn, 'Cancel any time'],
};

/**
 * The annual price is the amount checkout charges (65 USD). The spec's landing page shows
 * 75 USD; one price everywhere is the fix (docs/adr records it).
 */
export const annualPlan: Plan = {
  id: 'annual-subscription',
  planType: 'annual',
  name: 'Plan Anual',
  nameEn: 'Annual Plan',
  description: 'Todas las herramientas durante un año completo con el mayor ahorro.',
  descriptionEn: 'Every tool for a whole year at the biggest saving.',
  priceCents: 6500,
  currency,
  interval: 'year',
  priceId: 'price_annual_placeholder',
  features: [...sharedFeatures, 'Un solo pago al año'],
  featuresEn: [...sharedFeaturesEn, 'One payment a year'],
};

export const plans: readonly Plan[] = [monthlyPlan, annualPlan];

export function findPlan(id: string): Plan | undefined {
  return plans.find((p) => p.id === id);
}

export function planFor(planType: PlanType): Plan {
  return planType === 'monthly' ? monthlyPlan : annualPlan;
}

/** The placeholder provider price id of a plan type. */
export function priceIdFor(planType: PlanType): string {
  return planFor(planType).priceId;
}

export function findPlanByPriceId(priceId: string): Plan | undefined {
  return plans.find((p) => p.priceId === priceId);
}

/** What a year of the annual plan saves against twelve monthly payments. */
export function annualSavingsCents(): number {
  return 12 * monthlyPlan.priceCents - annualPlan.priceCents;
}

/** The annual saving as a whole percentage of twelve monthly payments. */
export function annualDiscountPercent(): number {
  return Math.round((annualSavingsCents() / (12 * monthlyPlan.priceCents)) * 100);
}

/** The plan's cost per month, rounded to the cent. */
export function monthlyEquivalentCents(plan: Plan): number {
  return plan.interval === 'month' ? plan.priceCents : Math.round(plan.priceCents / 12);
}

export interface LocalizedPlan {
  readonly id: PlanId;
  readonly name: string;
  readonly description: string;
  readonly features: readonly string[];
}

export function localizePlan(plan: Plan, locale: CatalogLocale): LocalizedPlan {
  return locale === 'en'
    ? { id: plan.id, name: plan.nameEn, description: plan.descriptionEn, features: plan.featuresEn }
    : { id: plan.id, name: plan.name, description: plan.description, features: plan.features };
}
