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
import { paymentProviderSchema, paymentPurposeSchema } from './payment-purpose.js';

/**
 * The provider confirmed a payment (first confirmation only: billing applies each provider
 * object once, whether the news came from /api/confirm-payment or a webhook). Access grants
 * on it; the receipt e-mail and the payment history are built from it.
 */
export const PaymentSucceededV1 = defineEvent({
  type: 'PaymentSucceeded',
  version: 1,
  producer: 'billing',
  schema: z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    purpose: paymentPurposeSchema,
    amountCents: amountCentsSchema,
    currency: currencyCodeSchema,
    provider: paymentProviderSchema,
    /** The provider's object id, e.g. Stripe's `pi_...`. */
    providerPaymentId: providerIdSchema,
    /** What the receipt and payment history show: the Spanish catalogue name. */
    description: singleLineText({ max: 500 }),
    paidAt: instantSchema,
    cardLast4: z
      .string()
      .regex(/^\d{4}$/, 'Must be 4 digits')
      .nullable(),
    /** The provider's brand name (`visa`, `mastercard`), when the card is known. */
    cardBrand: singleLineText({ max: 50 }).nullable(),
  }),
});
export type PaymentSucceededV1Data = z.infer<typeof PaymentSucceededV1.schema>;
