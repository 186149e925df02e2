import type { GiftItem, PlanType } from '@mia/contracts';
import type { CatalogView } from '@/features/catalog/use-catalog';
import type { Messages } from '@/i18n/es';

/** What `/regalar?producto=<id>` or `?plan=monthly|annual` gives, with its price. */
export interface GiftChoice {
  item: GiftItem;
  name: string;
  priceCents: number;
}

const isPlanType = (value: string | null): value is PlanType =>
  value === 'monthly' || value === 'annual';

/** The gift the address names, when it is on sale; undefined for anything else. */
export function resolveGift(
  search: URLSearchParams,
  view: CatalogView,
  plans: Messages['catalog']['plans'],
): GiftChoice | undefined {
  const productId = search.get('producto');
  const plan = search.get('plan');
  if (productId && !plan) {
    const product = view.productOnSale(productId);
    return product
      ? { item: { kind: 'product', productId }, name: product.name, priceCents: product.priceCents }
      : undefined;
  }
  if (isPlanType(plan) && !productId) {
    const found = view.plan(plan);
    return found
      ? { item: { kind: 'plan', plan }, name: plans[plan].name, priceCents: found.priceCents }
      : undefined;
  }
  return undefined;
}

/** A gift's name for the buyer's list: the tool's name, or the plan's. */
export const giftItemName = (
  item: GiftItem,
  view: CatalogView | undefined,
  plans: Messages['catalog']['plans'],
): string =>
  item.kind === 'plan'
    ? plans[item.plan].name
    : (view?.productName(item.productId) ?? item.productId);
