import type { PlanType } from '@mia/contracts';
import {
  findPlan,
  findProductOnSale,
  localizeProduct,
  toolCount,
  type Catalog,
  type CatalogProduct,
} from '@/features/catalog/catalog';
import { planCheckoutIds, planTypeOfCheckoutId } from '@/features/catalog/plans';
import type { Messages } from '@/i18n/es';
import type { Locale } from '@/i18n/locale';

/** The spec's default when /checkout has no plan parameter. */
export const DEFAULT_CHECKOUT_ID = 'manual-ceremonias';

export interface CheckoutPlan {
  /** The /checkout/{plan} slug. */
  readonly id: string;
  readonly planType: PlanType;
  readonly priceCents: number;
  readonly interval: 'month' | 'year';
  /** Tools the plan opens today, for its features' text. */
  readonly tools: number;
}

/** Something the checkout sells: a published tool, or a plan. */
export type CheckoutItem =
  | { readonly kind: 'product'; readonly item: CatalogProduct }
  | { readonly kind: 'plan'; readonly item: CheckoutPlan };

/**
 * Resolves a /checkout/{plan} parameter (absent: the spec's default) against the catalogue.
 * Every published tool can be bought, and both plans; an unknown, draft or retired id gives
 * undefined, which the page shows as 'Producto Inválido'.
 */
export function resolveCheckoutItem(
  param: string | undefined,
  catalog: Catalog,
): CheckoutItem | undefined {
  const id = param ?? DEFAULT_CHECKOUT_ID;
  const product = findProductOnSale(catalog, id);
  if (product) return { kind: 'product', item: product };
  const planType = planTypeOfCheckoutId(id);
  const plan = planType ? findPlan(catalog, planType) : undefined;
  if (!planType || !plan) return undefined;
  return {
    kind: 'plan',
    item: {
      id,
      planType,
      priceCents: plan.priceCents,
      interval: plan.interval,
      tools: toolCount(catalog),
    },
  };
}

export interface CheckoutItemText {
  name: string;
  description: string;
  features: readonly string[];
}

/** The item's texts: the tool's from the catalogue, a plan's from the message catalogue. */
export function checkoutItemText(
  found: CheckoutItem,
  locale: Locale,
  plans: Messages['catalog']['plans'],
): CheckoutItemText {
  if (found.kind === 'product') return localizeProduct(found.item, locale);
  const copy = plans[found.item.planType];
  return {
    name: copy.name,
    description: copy.description,
    features: copy.features(found.item.tools),
  };
}

/**
 * The body of the call that prepares the payment: a PaymentIntent or a subscription. The plan is
 * named by its id, which billing accepts as the price (it maps it to the provider's own).
 */
export function checkoutRequest(
  found: CheckoutItem,
):
  | { path: '/api/create-payment-intent'; body: { productId: string } }
  | { path: '/api/subscriptions'; body: { priceId: string; planType: PlanType } } {
  return found.kind === 'product'
    ? { path: '/api/create-payment-intent', body: { productId: found.item.id } }
    : {
        path: '/api/subscriptions',
        body: { priceId: planCheckoutIds[found.item.planType], planType: found.item.planType },
      };
}
