import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';
import { grantIdSchema } from './grant-fields.js';

/** A grant now lasts until `validUntil` (a subscription renewed). */
export const AccessExtendedV1 = defineEvent({
  type: 'AccessExtended',
  version: 1,
  producer: 'access',
  schema: z.object({
    grantId: grantIdSchema,
    userId: ownIdSchema,
    validUntil: instantSchema,
  }),
});
export type AccessExtendedV1Data = z.infer<typeof AccessExtendedV1.schema>;
