import { createHash } from 'node:crypto';
import type { CatalogResponse } from '@mia/contracts';
import type { Billing } from '../billing.js';
import { allPlans } from './admin-catalog.js';

export interface PublicCatalog {
  body: CatalogResponse;
  /** A strong validator: the same bytes answer the same ETag on every replica. */
  etag: string;
  json: string;
}

/**
 * GET /api/catalog: products on sale and retired ones (a dashboard names a tool someone owns;
 * selling pages show only `published`), never drafts nor destinations, in page order; plans.
 */
export async function publicCatalog(billing: Billing): Promise<PublicCatalog> {
  const products = (await billing.catalog.products()).filter((p) => p.status !== 'draft');
  const body: CatalogResponse = {
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      features: { es: [...p.features.es], en: [...p.features.en] },
      examplePrompts: { es: [...p.examplePrompts.es], en: [...p.examplePrompts.en] },
      priceCents: p.priceCents,
      currency: p.currency.toUpperCase(),
      image: p.image,
      popular: p.popular,
      status: p.status,
    })),
    plans: await allPlans(billing),
  };
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url')}"`;
  return { body, etag, json };
}

/** Whether If-None-Match names `etag` (a list, `*`, or weak spellings of the same tag). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
