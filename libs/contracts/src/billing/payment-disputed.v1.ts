import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { ownIdSchema, providerIdSchema } from '../fields.js';
import { singleLineText } from '../text.js';

/** The cardholder disputed the payment; access it bought is suspended until DisputeClosed. */
export const PaymentDisputedV1 = defineEvent({
  type: 'PaymentDisputed',
  version: 1,
  producer: 'billing',
  schema: z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    /** The provider's dispute id, e.g. Stripe's `dp_...`. */
    disputeId: providerIdSchema,
    /** The provider's reason code, e.g. `fraudulent`, `product_not_received`. */
    reason: singleLineText({ max: 100 }),
  }),
});
export type PaymentDisputedV1Data = z.infer<typeof PaymentDisputedV1.schema>;
