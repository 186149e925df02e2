import { plans, products } from '@mia/catalog';
import type { CatalogProduct, CatalogReader } from './catalog-reader.js';

/**
 * TEMPORARY: the seed read as a catalogue until billing's catalogue projection lands in this
 * branch; replaced by the projection-backed reader.
 */
export function interimSeedReader(): CatalogReader {
  const all: CatalogProduct[] = products.map((p, position) => ({
    id: p.id,
    status: 'published',
    name: { es: p.name, en: p.nameEn },
    description: { es: p.description, en: p.descriptionEn },
    features: { es: p.features, en: p.featuresEn },
    examplePrompts: { es: p.examplePrompts, en: [] },
    priceCents: p.priceCents,
    currency: p.currency.toLowerCase(),
    image: p.image,
    popular: p.popular ?? false,
    position,
    destination: p.destination,
  }));
  return {
    product: async (id) => all.find((p) => p.id === id),
    products: async () => all,
    plan: async (planType) => {
      const plan = plans.find((p) => p.planType === planType)!;
      return {
        planType,
        priceCents: plan.priceCents,
        currency: plan.currency.toLowerCase(),
        interval: plan.interval,
      };
    },
  };
}
