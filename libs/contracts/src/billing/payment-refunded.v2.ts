import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { amountCentsSchema, instantSchema, ownIdSchema } from '../fields.js';
import { paymentPurposeSchema } from './payment-purpose.js';

/**
 * What staff chose for a plan whose payment is refunded: `cancel_now` ends the plan (at the
 * provider and in access) at once; `keep` is goodwill, the plan runs on.
 */
export const refundPlanActionSchema = z.enum(['cancel_now', 'keep']);
export type RefundPlanAction = z.infer<typeof refundPlanActionSchema>;

/**
 * Money went back to the customer (v2: says what the payment bought and, for a plan, what
 * happens to it). A tool's full refund revokes the tool; a partial one leaves it. A plan's
 * access ends only with `planAction: cancel_now`.
 */
export const PaymentRefundedV2 = defineEvent({
  type: 'PaymentRefunded',
  version: 2,
  producer: 'billing',
  schema: z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    purpose: paymentPurposeSchema,
    /** The amount of this refund (not the running total). */
    amountCents: amountCentsSchema,
    /** True once the whole payment has been refunded. */
    full: z.boolean(),
    /** Plans only (null for a tool); a refund made outside the admin panel keeps the plan. */
    planAction: refundPlanActionSchema.nullable(),
    refundedAt: instantSchema,
  }),
});
export type PaymentRefundedV2Data = z.infer<typeof PaymentRefundedV2.schema>;
