import { ProductChangedV1, ProductPublishedV1, ProductRetiredV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { catalogDecider } from './catalog-decider.js';
import { catalogStreamId } from './catalog-events.js';

// Billing's catalogue into access's own store (catalog-decider.ts merges by billing's instants,
// so these accept any order and any number of deliveries).

export const recordProductOnProductPublished = on<typeof ProductPublishedV1, AccessTx>(
  ProductPublishedV1,
  async ({ product, publishedAt }, _envelope, ctx) => {
    await ctx.decide(catalogStreamId(product.productId), catalogDecider, {
      kind: 'observe',
      productId: product.productId,
      product,
      status: 'published',
      at: publishedAt,
    });
  },
);

export const recordProductOnProductChanged = on<typeof ProductChangedV1, AccessTx>(
  ProductChangedV1,
  async ({ product, status, changedAt }, _envelope, ctx) => {
    await ctx.decide(catalogStreamId(product.productId), catalogDecider, {
      kind: 'observe',
      productId: product.productId,
      product,
      status,
      at: changedAt,
    });
  },
);

export const recordProductOnProductRetired = on<typeof ProductRetiredV1, AccessTx>(
  ProductRetiredV1,
  async ({ productId, retiredAt }, _envelope, ctx) => {
    await ctx.decide(catalogStreamId(productId), catalogDecider, {
      kind: 'observe',
      productId,
      status: 'retired',
      at: retiredAt,
    });
  },
);

export const catalogSubscriptions = [
  recordProductOnProductPublished,
  recordProductOnProductChanged,
  recordProductOnProductRetired,
];
