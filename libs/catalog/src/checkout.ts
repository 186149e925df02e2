import { findPlan, type Plan } from './plans.js';
import { findProduct, type Product } from './products.js';

/** Something the checkout page can sell: one of the first nine tools, or a plan. */
export type CheckoutItem =
  | { readonly kind: 'product'; readonly item: Product }
  | { readonly kind: 'plan'; readonly item: Plan };

/** The spec's default when /checkout has no plan parameter. */
export const DEFAULT_CHECKOUT_ID = 'manual-ceremonias';

/** Resolves a /checkout/{plan} parameter; undefined means 'Producto Inválido'. */
export function findCheckoutItem(id: string): CheckoutItem | undefined {
  const product = findProduct(id);
  if (product) return product.checkout ? { kind: 'product', item: product } : undefined;
  const plan = findPlan(id);
  return plan ? { kind: 'plan', item: plan } : undefined;
}
