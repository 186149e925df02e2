import type {
  CatalogResponse,
  PlanType,
  PublicCatalogPlan,
  PublicCatalogProduct,
} from '@mia/contracts';
import type { Locale } from '@/i18n/locale';

/**
 * Pure readers of the public catalogue (GET /api/catalog, owned by billing). The catalogue is
 * data, not code: every count, name and price the pages show comes through here, so a tool the
 * owner publishes appears without a release. Types only from the contracts, so this file adds
 * no zod to the pages that use it.
 */
export type Catalog = CatalogResponse;
export type CatalogProduct = PublicCatalogProduct;
export type CatalogPlan = PublicCatalogPlan;

export interface LocalizedProduct {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly features: readonly string[];
  readonly examplePrompts: readonly string[];
  readonly priceCents: number;
  readonly image: string;
  readonly popular: boolean;
  /** False for a retired tool: still named for those who own it, no longer sold. */
  readonly onSale: boolean;
}

export function localizeProduct(product: CatalogProduct, locale: Locale): LocalizedProduct {
  return {
    id: product.id,
    name: product.name[locale],
    description: product.description[locale],
    features: product.features[locale],
    examplePrompts: product.examplePrompts[locale],
    priceCents: product.priceCents,
    image: product.image,
    popular: product.popular,
    onSale: product.status === 'published',
  };
}

/** What the pages that sell show: published tools, in the owner's order. */
export const publishedProducts = (catalog: Catalog): CatalogProduct[] =>
  catalog.products.filter((product) => product.status === 'published');

/** Any tool the catalogue knows (retired ones included, so owned tools keep their name). */
export const findProduct = (catalog: Catalog, id: string): CatalogProduct | undefined =>
  catalog.products.find((product) => product.id === id);

/** A tool that can be bought now; undefined for unknown, draft or retired ids. */
export const findProductOnSale = (catalog: Catalog, id: string): CatalogProduct | undefined => {
  const product = findProduct(catalog, id);
  return product?.status === 'published' ? product : undefined;
};

/** The tool's name in the locale, or undefined when the catalogue does not know the id. */
export const productName = (catalog: Catalog, id: string, locale: Locale): string | undefined =>
  findProduct(catalog, id)?.name[locale];

/** The number the pages quote ("las 14 herramientas"): tools on sale today. */
export const toolCount = (catalog: Catalog): number => publishedProducts(catalog).length;

export const findPlan = (catalog: Catalog, planType: PlanType): CatalogPlan | undefined =>
  catalog.plans.find((plan) => plan.planType === planType);

/** The cheapest tool on sale (the landing's "desde" price); undefined with none on sale. */
export function lowestToolPriceCents(catalog: Catalog): number | undefined {
  const prices = publishedProducts(catalog).map((product) => product.priceCents);
  return prices.length > 0 ? Math.min(...prices) : undefined;
}

/** The plan's cost per month, rounded to the cent. */
export const monthlyEquivalentCents = (plan: CatalogPlan): number =>
  plan.interval === 'month' ? plan.priceCents : Math.round(plan.priceCents / 12);

/**
 * What a year of the annual plan saves against twelve monthly payments, in cents and as a whole
 * percentage; undefined when either plan is missing or the annual one saves nothing.
 */
export function annualSavings(catalog: Catalog): { cents: number; percent: number } | undefined {
  const monthly = findPlan(catalog, 'monthly');
  const annual = findPlan(catalog, 'annual');
  if (!monthly || !annual) return undefined;
  const yearOfMonths = 12 * monthly.priceCents;
  const cents = yearOfMonths - annual.priceCents;
  if (cents <= 0) return undefined;
  return { cents, percent: Math.round((cents / yearOfMonths) * 100) };
}

/**
 * The tools' price as one figure for running text: the price when every tool on sale costs the
 * same, otherwise the lowest marked as such ("desde $4.50 USD"); undefined with none on sale.
 */
export function toolPriceText(
  catalog: Catalog,
  format: (cents: number) => string,
  from: (price: string) => string,
): string | undefined {
  const prices = new Set(publishedProducts(catalog).map((product) => product.priceCents));
  const lowest = lowestToolPriceCents(catalog);
  if (lowest === undefined) return undefined;
  return prices.size === 1 ? format(lowest) : from(format(lowest));
}

/** The figures page heads quote (see components/seo/page-seo). */
export const catalogFigures = (
  catalog: Catalog,
): { tools: number; lowestPriceCents: number | undefined } => ({
  tools: toolCount(catalog),
  lowestPriceCents: lowestToolPriceCents(catalog),
});
