import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, productRefSchema } from '../fields.js';

/** A product is no longer sold; those who own it keep using it. */
export const ProductRetiredV1 = defineEvent({
  type: 'ProductRetired',
  version: 1,
  producer: 'billing',
  schema: z.object({
    productId: productRefSchema,
    retiredAt: instantSchema,
  }),
});
export type ProductRetiredV1Data = z.infer<typeof ProductRetiredV1.schema>;
