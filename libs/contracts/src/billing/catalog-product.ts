import { z } from 'zod';
import { amountCentsSchema, currencyCodeSchema, productRefSchema } from '../fields.js';
import { multiLineText, singleLineText } from '../text.js';

/**
 * The catalogue is data owned by billing (ADR 0018): it holds the prices with the provider and
 * publishes every product as a whole snapshot, so a consumer keeps its projection by upsert and
 * never merges partial changes. Destinations travel here too (they are not personal data) but
 * are never part of the public catalogue: access answers them at "Usar".
 */

export const destinationKindsOfCatalog = ['custom-gpt', 'web-app'] as const;

/** Where a tool opens. http is accepted by the schema; the producer allows it in development only. */
export const catalogDestinationSchema = z.object({
  kind: z.enum(destinationKindsOfCatalog),
  url: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).max(2000),
});
export type CatalogDestination = z.infer<typeof catalogDestinationSchema>;

const bilingual = <T extends z.ZodType>(item: T) => z.object({ es: item, en: item });

export const productStatuses = ['draft', 'published', 'retired'] as const;
export const productStatusSchema = z.enum(productStatuses);
export type ProductStatus = z.infer<typeof productStatusSchema>;

/** One product as the catalogue's owner last wrote it. */
export const catalogProductSnapshotSchema = z.object({
  productId: productRefSchema,
  name: bilingual(singleLineText({ min: 1, max: 120 })),
  description: bilingual(multiLineText({ min: 1, max: 1000 })),
  /** Four selling points per language. */
  features: bilingual(z.array(singleLineText({ min: 1, max: 200 })).length(4)),
  /** Example prompts for the user guide (may be empty). */
  examplePrompts: bilingual(z.array(multiLineText({ min: 1, max: 500 })).max(10)),
  priceCents: amountCentsSchema,
  currency: currencyCodeSchema,
  /** A public path (`/images/products/<id>.svg` default art, `/api/catalog/images/<file>` uploads). */
  image: singleLineText({ max: 300 }),
  popular: z.boolean(),
  /** Order on the pages; lower first. */
  position: z.number().int().nonnegative(),
  destination: catalogDestinationSchema,
});
export type CatalogProductSnapshot = z.infer<typeof catalogProductSnapshotSchema>;
