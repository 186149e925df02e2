import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { amountCentsSchema, instantSchema, ownIdSchema } from '../fields.js';

/**
 * Money went back to the customer, in the payment's own currency. A full refund revokes the
 * access the payment bought; a partial one leaves it.
 */
export const PaymentRefundedV1 = defineEvent({
  type: 'PaymentRefunded',
  version: 1,
  producer: 'billing',
  schema: z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    /** The amount of this refund (not the running total). */
    amountCents: amountCentsSchema,
    /** True once the whole payment has been refunded. */
    full: z.boolean(),
    refundedAt: instantSchema,
  }),
});
export type PaymentRefundedV1Data = z.infer<typeof PaymentRefundedV1.schema>;
