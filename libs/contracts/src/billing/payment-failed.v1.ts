import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { amountCentsSchema, currencyCodeSchema, instantSchema, ownIdSchema } from '../fields.js';
import { singleLineText } from '../text.js';
import { paymentPurposeSchema } from './payment-purpose.js';

/**
 * A charge was refused (declined card, insufficient funds, a renewal that could not be
 * charged). Grants nothing; feeds the payment history and the "renewal failed" e-mail.
 */
export const PaymentFailedV1 = defineEvent({
  type: 'PaymentFailed',
  version: 1,
  producer: 'billing',
  schema: z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    purpose: paymentPurposeSchema,
    amountCents: amountCentsSchema,
    currency: currencyCodeSchema,
    /** The provider's decline code, e.g. `card_declined`, `insufficient_funds`. */
    code: singleLineText({ max: 100 }),
    /** The provider's human-readable explanation. */
    message: singleLineText({ max: 1000 }),
    failedAt: instantSchema,
  }),
});
export type PaymentFailedV1Data = z.infer<typeof PaymentFailedV1.schema>;
