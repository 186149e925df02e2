import { plans, products } from '@mia/catalog';
// Contract types, not './catalog': the bench's static server loads this file outside Vite.
import type {
  CatalogResponse as Catalog,
  PublicCatalogProduct as CatalogProduct,
} from '@mia/contracts';

/**
 * Today's catalogue as GET /api/catalog answers it, built from libs/catalog (billing's seed).
 * Test code only: the app itself never compiles product data in.
 */
export function catalogFixture(
  change: (products: CatalogProduct[]) => CatalogProduct[] = (list) => list,
): Catalog {
  const list: CatalogProduct[] = products.map((product) => ({
    id: product.id,
    name: { es: product.name, en: product.nameEn },
    description: { es: product.description, en: product.descriptionEn },
    features: { es: [...product.features], en: [...product.featuresEn] },
    examplePrompts: { es: [...product.examplePrompts], en: [...product.examplePrompts] },
    priceCents: product.priceCents,
    currency: 'USD',
    image: product.image,
    popular: product.popular ?? false,
    status: 'published',
  }));
  return {
    products: change(list),
    plans: plans.map((plan) => ({
      planType: plan.planType,
      priceCents: plan.priceCents,
      currency: 'USD',
      interval: plan.interval,
    })),
  };
}

/** The fixture with one tool retired (still named, no longer sold). */
export const withRetired = (id: string): Catalog =>
  catalogFixture((list) =>
    list.map((product) => (product.id === id ? { ...product, status: 'retired' } : product)),
  );
