import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import {
  amountCentsSchema,
  currencyCodeSchema,
  instantSchema,
  ownIdSchema,
  providerIdSchema,
} from '../fields.js';
import { singleLineText } from '../text.js';
import { paymentPurposeSchema } from './payment-purpose.js';

/**
 * The cardholder's bank questioned the payment (v2: with what it bought). A chargeback
 * (`inquiry: false`) suspends that access until DisputeClosed; an inquiry (Stripe's
 * `warning_needs_response` / `warning_under_review`) suspends nothing. An inquiry that
 * escalates is announced again with `inquiry: false`.
 */
export const PaymentDisputedV2 = defineEvent({
  type: 'PaymentDisputed',
  version: 2,
  producer: 'billing',
  schema: z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    purpose: paymentPurposeSchema,
    /** The provider's dispute id, e.g. Stripe's `dp_...`. */
    disputeId: providerIdSchema,
    /** The provider's reason code, e.g. `fraudulent`, `product_not_received`. */
    reason: singleLineText({ max: 100 }),
    inquiry: z.boolean(),
    amountCents: amountCentsSchema,
    currency: currencyCodeSchema,
    /** Until when evidence can be submitted (null: the provider did not say). */
    evidenceDueBy: instantSchema.nullable(),
  }),
});
export type PaymentDisputedV2Data = z.infer<typeof PaymentDisputedV2.schema>;
