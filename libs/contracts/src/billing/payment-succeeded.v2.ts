import type { z } from 'zod';
import { defineEvent } from '../envelope.js';
import { amountCentsSchema } from '../fields.js';
import { singleLineText } from '../text.js';
import { PaymentSucceededV1 } from './payment-succeeded.v1.js';

/**
 * The provider confirmed a payment (v2: says what a promotion code took off, so the payment
 * history can show it beside the amount). `amountCents` is still the money collected; the
 * list price was `amountCents + discountCents`. Plan invoices carry no discount.
 */
export const PaymentSucceededV2 = defineEvent({
  type: 'PaymentSucceeded',
  version: 2,
  producer: 'billing',
  schema: PaymentSucceededV1.schema.extend({
    /** What the promotion code took off the price (0 without one). */
    discountCents: amountCentsSchema,
    /** The code the customer entered, as billing stored it; null without one. */
    promotionCode: singleLineText({ max: 40 }).nullable(),
  }),
});
export type PaymentSucceededV2Data = z.infer<typeof PaymentSucceededV2.schema>;
