import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { accessScopeSchema, instantSchema, ownIdSchema } from '../fields.js';
import { singleLineText } from '../text.js';
import { grantIdSchema, grantSourceKindSchema } from './grant-fields.js';

/**
 * A user may use `scope` from `validFrom` until `validUntil` (null: lifetime). Expiry needs no
 * event: it is computed when access is read.
 */
export const AccessGrantedV1 = defineEvent({
  type: 'AccessGranted',
  version: 1,
  producer: 'access',
  schema: z.object({
    grantId: grantIdSchema,
    userId: ownIdSchema,
    /** One catalogue product id, or `all` (subscriptions, trials, admin grants of everything). */
    scope: accessScopeSchema,
    source: z.object({
      kind: grantSourceKindSchema,
      /** The id of what granted it: payment, subscription, trial, or the admin action. */
      ref: singleLineText({ max: 200 }),
      /** The admin's user id (admin grants). */
      by: ownIdSchema.optional(),
      /** Why an admin granted it. */
      reason: singleLineText({ max: 500 }).optional(),
    }),
    validFrom: instantSchema,
    validUntil: instantSchema.nullable(),
  }),
});
export type AccessGrantedV1Data = z.infer<typeof AccessGrantedV1.schema>;
