import {
  catalogProductSnapshotSchema,
  productStatusSchema,
  type CatalogProductSnapshot,
  type PlanType,
} from '@mia/contracts';
import type { BillingDb } from '../db.js';
import type {
  CatalogPlan,
  CatalogProduct,
  CatalogReader,
  CatalogSource,
} from './catalog-reader.js';

type ProductRow = { status: string; product: unknown; updatedAt: Date };

/** A projection row as the reader answers it; the stored snapshot is checked on the way out. */
export function productOfRow(row: ProductRow): CatalogProduct & { updatedAt: Date } {
  const p: CatalogProductSnapshot = catalogProductSnapshotSchema.parse(row.product);
  return {
    id: p.productId,
    status: productStatusSchema.parse(row.status),
    name: p.name,
    description: p.description,
    features: p.features,
    examplePrompts: p.examplePrompts,
    priceCents: p.priceCents,
    currency: p.currency,
    image: p.image,
    popular: p.popular,
    position: p.position,
    destination: p.destination,
    updatedAt: row.updatedAt,
  };
}

export class CatalogNotSeededError extends Error {
  override readonly name = 'CatalogNotSeededError';
}

/**
 * The catalogue over billing's projection (catalog_products, catalog_plans): what billing's
 * commands and the catalogue's routes read. Every replica reads the same rows, so an owner's
 * change applies to the next request everywhere without a restart.
 */
export function createCatalogReader(db: BillingDb): CatalogReader {
  return {
    async product(id, via = db) {
      const row = await via.catalogProduct.findUnique({ where: { productId: id } });
      return row ? productOfRow(row) : undefined;
    },
    async products() {
      const rows = await db.catalogProduct.findMany({
        orderBy: [{ position: 'asc' }, { productId: 'asc' }],
      });
      return rows.map(productOfRow);
    },
    async plan(planType: PlanType, via: CatalogSource = db): Promise<CatalogPlan> {
      const row = await via.catalogPlan.findUnique({ where: { planType } });
      // The seed runs before the service answers, so this is a broken database, not a race.
      if (!row) throw new CatalogNotSeededError(`The ${planType} plan has no price yet`);
      return {
        planType,
        priceCents: row.priceCents,
        currency: row.currency,
        interval: row.interval === 'year' ? 'year' : 'month',
      };
    },
  };
}
