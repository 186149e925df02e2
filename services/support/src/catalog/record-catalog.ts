import {
  ProductChangedV1,
  ProductPublishedV1,
  ProductRetiredV1,
  type CatalogProductSnapshot,
} from '@mia/contracts';
import { on, type ConsumerReadModel, type ReactionContext } from '@mia/service-kit';
import type { SupportTx } from '../db.js';

export const CATALOG_CONSUMER = 'catalog';

/**
 * One event into the table: the snapshot (when the event has one) and the status each replace
 * what is there only if they are at least as new, so a late or repeated event changes nothing
 * and the result does not depend on the order of arrival.
 */
async function record(
  ctx: ReactionContext<SupportTx>,
  productId: string,
  product: CatalogProductSnapshot | null,
  status: 'published' | 'retired',
  at: string,
): Promise<void> {
  await ctx.sql.query(
    `INSERT INTO catalog_products (product_id, product, product_at, status, status_at)
     VALUES ($1, $2::jsonb, CASE WHEN $2::jsonb IS NULL THEN NULL ELSE $4::timestamptz END,
             $3, $4::timestamptz)
     ON CONFLICT (product_id) DO UPDATE SET
       product = CASE WHEN EXCLUDED.product IS NOT NULL AND (catalog_products.product_at IS NULL
                        OR EXCLUDED.product_at >= catalog_products.product_at)
                      THEN EXCLUDED.product ELSE catalog_products.product END,
       product_at = CASE WHEN EXCLUDED.product IS NOT NULL AND (catalog_products.product_at IS NULL
                           OR EXCLUDED.product_at >= catalog_products.product_at)
                         THEN EXCLUDED.product_at ELSE catalog_products.product_at END,
       status = CASE WHEN EXCLUDED.status_at >= catalog_products.status_at
                     THEN EXCLUDED.status ELSE catalog_products.status END,
       status_at = greatest(catalog_products.status_at, EXCLUDED.status_at)`,
    [productId, product === null ? null : JSON.stringify(product), status, at],
  );
}

export const recordProductOnProductPublished = on<typeof ProductPublishedV1, SupportTx>(
  ProductPublishedV1,
  ({ product, publishedAt }, _envelope, ctx) =>
    record(ctx, product.productId, product, 'published', publishedAt),
);

export const recordProductOnProductChanged = on<typeof ProductChangedV1, SupportTx>(
  ProductChangedV1,
  ({ product, status, changedAt }, _envelope, ctx) =>
    record(ctx, product.productId, product, status, changedAt),
);

export const recordProductOnProductRetired = on<typeof ProductRetiredV1, SupportTx>(
  ProductRetiredV1,
  ({ productId, retiredAt }, _envelope, ctx) => record(ctx, productId, null, 'retired', retiredAt),
);

export const catalogSubscriptions = [
  recordProductOnProductPublished,
  recordProductOnProductChanged,
  recordProductOnProductRetired,
];

/** `reprocess catalog` empties the table and reads billing's events again. */
export const catalogReadModel: ConsumerReadModel<SupportTx> = {
  consumer: CATALOG_CONSUMER,
  async reset({ tx }) {
    await tx.catalogProduct.deleteMany();
  },
};
