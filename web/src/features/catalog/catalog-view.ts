import type { PlanType } from '@mia/contracts';
import type { Locale } from '@/i18n/locale';
import {
  findPlan,
  findProduct,
  findProductOnSale,
  localizeProduct,
  publishedProducts,
  toolCount,
  type Catalog,
  type CatalogPlan,
  type LocalizedProduct,
} from './catalog';

export interface CatalogView {
  readonly catalog: Catalog;
  /** Tools on sale, in the owner's order, in the visitor's language. */
  readonly products: readonly LocalizedProduct[];
  readonly toolCount: number;
  /** Any known tool (retired ones too) in the visitor's language. */
  product(id: string): LocalizedProduct | undefined;
  /** A tool that can be bought now. */
  productOnSale(id: string): LocalizedProduct | undefined;
  /** The tool's name, or the id itself when the catalogue does not know it. */
  productName(id: string): string;
  plan(planType: PlanType): CatalogPlan | undefined;
}

/** The catalogue seen in a locale; pure, so the pages' helpers are tested without React. */
export function catalogView(catalog: Catalog, locale: Locale): CatalogView {
  const localize = (product: Catalog['products'][number] | undefined) =>
    product ? localizeProduct(product, locale) : undefined;
  return {
    catalog,
    products: publishedProducts(catalog).map((product) => localizeProduct(product, locale)),
    toolCount: toolCount(catalog),
    product: (id) => localize(findProduct(catalog, id)),
    productOnSale: (id) => localize(findProductOnSale(catalog, id)),
    productName: (id) => findProduct(catalog, id)?.name[locale] ?? id,
    plan: (planType) => findPlan(catalog, planType),
  };
}
