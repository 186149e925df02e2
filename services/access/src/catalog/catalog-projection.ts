import type { Projection } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { CatalogProductRecorded } from './catalog-events.js';

/**
 * NOTIFY channel on which every replica hears that the catalogue table changed (the payload is
 * the product id), to refresh its in-memory copy (catalog-feed.ts). Sent inside the appending
 * transaction, so it is delivered on commit, once the row can be read.
 */
export const catalogChannel = (schema: string): string => `${schema}_catalog`;

/** The `catalog_products` table, from access's CatalogProductRecorded. */
export const catalogProjection = (schema: string): Projection<AccessTx> => ({
  name: 'catalog',
  handles: [CatalogProductRecorded.type],
  async apply(event, { tx, sql }) {
    const { productId, product, status, statusAt, productAt } = CatalogProductRecorded.schema.parse(
      event.data,
    );
    // A retirement read before its product's first snapshot: nothing to show until it comes.
    if (!product || !status) return;
    const row = {
      nameEs: product.name.es,
      nameEn: product.name.en,
      descriptionEs: product.description.es,
      descriptionEn: product.description.en,
      priceCents: product.priceCents,
      currency: product.currency,
      image: product.image,
      position: product.position,
      destinationKind: product.destination.kind,
      destinationUrl: product.destination.url,
      status,
      // The newer of the two writes (catalog-entry.ts).
      updatedAt: new Date(
        Math.max(...[productAt, statusAt].filter((t) => t !== null).map((t) => Date.parse(t))),
      ),
    };
    await tx.catalogProduct.upsert({
      where: { productId },
      create: { productId, ...row },
      update: row,
    });
    await sql.query('SELECT pg_notify($1, $2)::text AS notified', [
      catalogChannel(schema),
      productId,
    ]);
  },
  async reset({ tx }) {
    await tx.catalogProduct.deleteMany();
  },
});
