import { catalogProductSnapshotSchema, productRefSchema } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// Access's own record of billing's catalogue, appended by the reactions to ProductPublished,
// ProductChanged and ProductRetired, so the catalogue table is a projection of access's store
// and replay rebuilds it.

const instant = z.iso.datetime({ offset: true });

/** The whole entry after an event (catalog-entry.ts): the projection upserts it. */
export const CatalogProductRecorded = defineDomainEvent(
  'CatalogProductRecorded',
  z.object({
    productId: productRefSchema,
    product: catalogProductSnapshotSchema.nullable(),
    productAt: instant.nullable(),
    status: z.enum(['published', 'retired']).nullable(),
    statusAt: instant.nullable(),
  }),
);

export type CatalogEvent = EventOf<typeof CatalogProductRecorded>;

/** One stream per product for what access knows of it from billing. */
export const catalogStreamId = (productId: string): string => `catalog-product-${productId}`;
