import {
  DEFAULT_CHECKOUT_ID,
  findPlan,
  findProduct,
  localizePlan,
  localizeProduct,
  type CatalogLocale,
  type Plan,
  type Product,
} from '@mia/catalog';

/** Something the checkout sells: any of the tools, or a plan. */
export type CheckoutItem =
  | { readonly kind: 'product'; readonly item: Product }
  | { readonly kind: 'plan'; readonly item: Plan };

/**
 * Resolves a /checkout/{plan} parameter (absent: the spec's default). Every tool of the
 * catalogue can be bought, not only the first nine the spec's checkout listed, and both plans.
 * Undefined means 'Producto Inválido'.
 */
export function resolveCheckoutItem(param: string | undefined): CheckoutItem | undefined {
  const id = param ?? DEFAULT_CHECKOUT_ID;
  const product = findProduct(id);
  if (product) return { kind: 'product', item: product };
  const plan = findPlan(id);
  return plan ? { kind: 'plan', item: plan } : undefined;
}

export interface CheckoutItemText {
  name: string;
  description: string;
  features: readonly string[];
}

export function checkoutItemText(found: CheckoutItem, locale: CatalogLocale): CheckoutItemText {
  return found.kind === 'product'
    ? localizeProduct(found.item, locale)
    : localizePlan(found.item, locale);
}

/** The body of the call that prepares the payment: a PaymentIntent or a subscription. */
export function checkoutRequest(
  found: CheckoutItem,
):
  | { path: '/api/create-payment-intent'; body: { productId: string } }
  | { path: '/api/subscriptions'; body: { priceId: string; planType: Plan['planType'] } } {
  return found.kind === 'product'
    ? { path: '/api/create-payment-intent', body: { productId: found.item.id } }
    : {
        path: '/api/subscriptions',
        body: { priceId: found.item.priceId, planType: found.item.planType },
      };
}
