import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { ownIdSchema } from '../fields.js';
import { grantIdSchema } from './grant-fields.js';

/**
 * A grant stops working for now (its payment is disputed). AccessRestored undoes it when the
 * dispute is won; AccessRevoked ends it when lost.
 */
export const AccessSuspendedV1 = defineEvent({
  type: 'AccessSuspended',
  version: 1,
  producer: 'access',
  schema: z.object({
    grantId: grantIdSchema,
    userId: ownIdSchema,
    reason: z.enum(['dispute']),
  }),
});
export type AccessSuspendedV1Data = z.infer<typeof AccessSuspendedV1.schema>;
