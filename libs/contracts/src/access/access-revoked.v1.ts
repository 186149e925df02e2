import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { ownIdSchema } from '../fields.js';
import { singleLineText } from '../text.js';
import {
  grantIdSchema,
  grantRevocationReasonSchema,
  grantSourceKindSchema,
} from './grant-fields.js';

/**
 * A grant ends for good. It may arrive before the grant itself (events are not ordered
 * across streams); access remembers it so the late grant opens nothing.
 */
export const AccessRevokedV1 = defineEvent({
  type: 'AccessRevoked',
  version: 1,
  producer: 'access',
  schema: z.object({
    grantId: grantIdSchema,
    userId: ownIdSchema,
    reason: grantRevocationReasonSchema,
    /** Free text for people (an admin's note, the dispute id). */
    detail: singleLineText({ max: 500 }).optional(),
    /**
     * What the grant came from (additive, absent in older events): billing releases a tool
     * bought with `purchase` payment `ref` when an admin takes it back.
     */
    source: z.object({ kind: grantSourceKindSchema, ref: z.string().min(1) }).optional(),
  }),
});
export type AccessRevokedV1Data = z.infer<typeof AccessRevokedV1.schema>;
