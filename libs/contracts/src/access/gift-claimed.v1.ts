import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { instantSchema, ownIdSchema } from '../fields.js';

/**
 * The recipient claimed a gift (ADR 0020): billing's refund rules change from "unclaimed, staff
 * may refund" to the tool's rules, and the buyer's view shows it claimed.
 */
export const GiftClaimedV1 = defineEvent({
  type: 'GiftClaimed',
  version: 1,
  producer: 'access',
  schema: z.object({
    giftId: ownIdSchema,
    buyerId: ownIdSchema,
    recipientId: ownIdSchema,
    /** The recipient already held what the gift gives (they were told; staff may refund). */
    alreadyOwned: z.boolean(),
    claimedAt: instantSchema,
  }),
});
export type GiftClaimedV1Data = z.infer<typeof GiftClaimedV1.schema>;
