import {
  catalogProductSnapshotSchema,
  PlanPriceChangedV1,
  ProductChangedV1,
  ProductPublishedV1,
  ProductRetiredV1,
  type PlanPriceChangedV1Data,
  type ProductChangedV1Data,
  type ProductPublishedV1Data,
  type ProductRetiredV1Data,
} from '@mia/contracts';
import { defineDomainEvent, type DomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// `catalog-product-<id>`: one product's life (draft, published, retired). `catalog-plan-<type>`:
// a plan's price. `catalog-seed`: the one-time seed, so two replicas starting at once seed once.
// Drafts stay inside billing (ADR 0018): nothing on the bus names a product before it is sold.

const instant = z.iso.datetime({ offset: true });

/** The owner created a product; it is not sold nor shown until published. */
export const ProductDrafted = defineDomainEvent(
  'ProductDrafted',
  z.object({ product: catalogProductSnapshotSchema, at: instant }),
);

/** The owner edited a product that was never published (the whole snapshot, as on the bus). */
export const ProductDraftEdited = defineDomainEvent(
  'ProductDraftEdited',
  z.object({ product: catalogProductSnapshotSchema, at: instant }),
);

/** The first start published the seed catalogue (libs/catalog and GPT_URLS). */
export const CatalogSeeded = defineDomainEvent(
  'CatalogSeeded',
  z.object({ products: z.number().int().nonnegative(), plans: z.number().int(), at: instant }),
);

export type ProductEvent =
  | EventOf<typeof ProductDrafted>
  | EventOf<typeof ProductDraftEdited>
  | DomainEvent<'ProductPublished', ProductPublishedV1Data>
  | DomainEvent<'ProductChanged', ProductChangedV1Data>
  | DomainEvent<'ProductRetired', ProductRetiredV1Data>;

export const productEventDefinitions = [
  ProductDrafted,
  ProductDraftEdited,
  ProductPublishedV1,
  ProductChangedV1,
  ProductRetiredV1,
] as const;

export type PlanPriceEvent = DomainEvent<'PlanPriceChanged', PlanPriceChangedV1Data>;
export const planPriceEventDefinitions = [PlanPriceChangedV1] as const;

export type CatalogSeedEvent = EventOf<typeof CatalogSeeded>;
export const catalogSeedEventDefinitions = [CatalogSeeded] as const;

export const productStreamId = (productId: string): string => `catalog-product-${productId}`;
export const planPriceStreamId = (planType: string): string => `catalog-plan-${planType}`;
export const CATALOG_SEED_STREAM = 'catalog-seed';
