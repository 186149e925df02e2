import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { amountCentsSchema, instantSchema, ownIdSchema } from '../fields.js';

/**
 * A gift's payment was refunded in full (staff; an unclaimed gift any time, a claimed one under
 * the tool's refund rules). Access ends the gift: an unclaimed link stops working, a claimed
 * grant is revoked.
 */
export const GiftRefundedV1 = defineEvent({
  type: 'GiftRefunded',
  version: 1,
  producer: 'billing',
  schema: z.object({
    giftId: ownIdSchema,
    buyerId: ownIdSchema,
    paymentId: ownIdSchema,
    amountCents: amountCentsSchema,
    refundedAt: instantSchema,
    /** Whether the recipient had claimed it when it was refunded (billing's record of GiftClaimed). */
    wasClaimed: z.boolean(),
  }),
});
export type GiftRefundedV1Data = z.infer<typeof GiftRefundedV1.schema>;
