import {
  PlanPriceChangedV1,
  ProductChangedV1,
  ProductPublishedV1,
  ProductRetiredV1,
  type CatalogProductSnapshot,
  type ProductStatus,
} from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { ProductDrafted, ProductDraftEdited } from './catalog-events.js';

async function put(
  tx: BillingTx,
  product: CatalogProductSnapshot,
  status: ProductStatus,
  at: Date,
): Promise<void> {
  const row = { status, position: product.position, product, updatedAt: at };
  await tx.catalogProduct.upsert({
    where: { productId: product.productId },
    create: { productId: product.productId, ...row },
    update: row,
  });
}

/**
 * `catalog_products` and `catalog_plans`: the catalogue as billing last wrote it. Each event
 * carries the whole product, so applying one is an upsert and a replay ends where it began.
 */
export const catalogProjection: Projection<BillingTx> = {
  name: 'billing-catalog',
  handles: [
    ProductDrafted.type,
    ProductDraftEdited.type,
    ProductPublishedV1.type,
    ProductChangedV1.type,
    ProductRetiredV1.type,
    PlanPriceChangedV1.type,
  ],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case ProductDrafted.type:
        return put(tx, ProductDrafted.schema.parse(event.data).product, 'draft', at);
      case ProductDraftEdited.type:
        return put(tx, ProductDraftEdited.schema.parse(event.data).product, 'draft', at);
      case ProductPublishedV1.type:
        return put(tx, ProductPublishedV1.schema.parse(event.data).product, 'published', at);
      case ProductChangedV1.type: {
        const d = ProductChangedV1.schema.parse(event.data);
        return put(tx, d.product, d.status, at);
      }
      case ProductRetiredV1.type: {
        const d = ProductRetiredV1.schema.parse(event.data);
        await tx.catalogProduct.updateMany({
          where: { productId: d.productId },
          data: { status: 'retired', updatedAt: at },
        });
        return;
      }
      case PlanPriceChangedV1.type: {
        const d = PlanPriceChangedV1.schema.parse(event.data);
        const row = {
          priceCents: d.priceCents,
          currency: d.currency,
          interval: d.interval,
          updatedAt: at,
        };
        await tx.catalogPlan.upsert({
          where: { planType: d.planType },
          create: { planType: d.planType, ...row },
          update: row,
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.catalogProduct.deleteMany();
    await tx.catalogPlan.deleteMany();
  },
};
