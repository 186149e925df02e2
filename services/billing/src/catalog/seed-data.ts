// The one place billing's runtime reads product data from @mia/catalog (ADR 0018): the seed of
// an empty catalogue. Everything after the first start reads the catalogue's projection.
import { plans, products, resolveDestinations, type ToolDestination } from '@mia/catalog';
import type { CatalogProductSnapshot, PlanType } from '@mia/contracts';
import type { BillingConfig } from '../config.js';

/** The development page that stands in for a tool's chatbot (served by access). */
export const standInUrl = (origin: string, productId: string): string =>
  new URL(`/api/gpt/stand-in/${productId}`, origin).href;

export interface SeedPlan {
  planType: PlanType;
  priceCents: number;
  currency: string;
  interval: 'month' | 'year';
}

export interface SeedCatalogue {
  products: CatalogProductSnapshot[];
  plans: SeedPlan[];
  /** Tools GPT_URLS does not name that open the placeholder link (production only). */
  placeholders: string[];
}

/**
 * Today's 14 tools (all sold) and 2 plans, with destinations from GPT_URLS. A tool GPT_URLS does
 * not name opens the local stand-in outside production and the placeholder link in production
 * (the caller logs which, so the owner fixes them in the admin).
 */
export function seedCatalogue(
  config: Pick<BillingConfig, 'GPT_URLS' | 'MIA_ENV' | 'PUBLIC_ORIGIN'>,
): SeedCatalogue {
  const resolved: Record<string, ToolDestination> = resolveDestinations(config.GPT_URLS);
  const named = new Set(
    config.GPT_URLS?.trim() ? Object.keys(JSON.parse(config.GPT_URLS) as object) : [],
  );
  const production = config.MIA_ENV === 'production';
  const placeholders: string[] = [];
  const seeded = products.map((p, position): CatalogProductSnapshot => {
    const fallback = resolved[p.id]!;
    let destination = { kind: fallback.kind, url: fallback.url };
    if (!named.has(p.id)) {
      if (production) placeholders.push(p.id);
      else destination = { kind: fallback.kind, url: standInUrl(config.PUBLIC_ORIGIN, p.id) };
    }
    return {
      productId: p.id,
      name: { es: p.name, en: p.nameEn },
      description: { es: p.description, en: p.descriptionEn },
      features: { es: [...p.features], en: [...p.featuresEn] },
      // No English prompts exist yet: the owner adds them in the admin.
      examplePrompts: { es: [...p.examplePrompts], en: [] },
      priceCents: p.priceCents,
      currency: p.currency.toLowerCase(),
      image: p.image,
      popular: p.popular ?? false,
      position,
      destination,
    };
  });
  return {
    products: seeded,
    plans: plans.map((plan) => ({
      planType: plan.planType,
      priceCents: plan.priceCents,
      currency: plan.currency.toLowerCase(),
      interval: plan.interval,
    })),
    placeholders,
  };
}
