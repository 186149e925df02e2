import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema } from '../fields.js';
import { catalogProductSnapshotSchema } from './catalog-product.js';

/** A product went on sale (first publication, or published again after a retirement). */
export const ProductPublishedV1 = defineEvent({
  type: 'ProductPublished',
  version: 1,
  producer: 'billing',
  schema: z.object({
    product: catalogProductSnapshotSchema,
    publishedAt: instantSchema,
  }),
});
export type ProductPublishedV1Data = z.infer<typeof ProductPublishedV1.schema>;
