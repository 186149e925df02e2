import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema } from '../fields.js';
import { catalogProductSnapshotSchema, productStatusSchema } from './catalog-product.js';

/**
 * A published or retired product was edited (name, texts, price, image, destination...). The
 * whole snapshot travels; `status` says whether it is on sale. Edits of a draft stay inside
 * billing until it is published.
 */
export const ProductChangedV1 = defineEvent({
  type: 'ProductChanged',
  version: 1,
  producer: 'billing',
  schema: z.object({
    product: catalogProductSnapshotSchema,
    status: productStatusSchema.exclude(['draft']),
    changedAt: instantSchema,
  }),
});
export type ProductChangedV1Data = z.infer<typeof ProductChangedV1.schema>;
