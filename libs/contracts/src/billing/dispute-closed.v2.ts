import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { ownIdSchema, providerIdSchema } from '../fields.js';
import { paymentPurposeSchema } from './payment-purpose.js';

/**
 * How a dispute ends, in the provider's words. `won`, `warning_closed` (an inquiry that went
 * no further) and `prevented` (stopped before it became a chargeback) keep the payment: the
 * suspended access is restored. `lost` takes the money back: the access ends, and a plan is
 * cancelled.
 */
export const disputeOutcomes = ['won', 'lost', 'warning_closed', 'prevented'] as const;
export const disputeOutcomeSchema = z.enum(disputeOutcomes);
export type DisputeOutcome = z.infer<typeof disputeOutcomeSchema>;

/** A dispute ended (v2: with what the payment bought and all of the provider's outcomes). */
export const DisputeClosedV2 = defineEvent({
  type: 'DisputeClosed',
  version: 2,
  producer: 'billing',
  schema: z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    purpose: paymentPurposeSchema,
    disputeId: providerIdSchema,
    outcome: disputeOutcomeSchema,
  }),
});
export type DisputeClosedV2Data = z.infer<typeof DisputeClosedV2.schema>;
