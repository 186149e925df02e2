import { z } from 'zod';
import { defineEvent } from '../envelope.js';
import {
  amountCentsSchema,
  currencyCodeSchema,
  instantSchema,
  ownIdSchema,
  providerIdSchema,
} from '../fields.js';
import { multiLineText } from '../text.js';
import { GIFT_MESSAGE_MAX, giftItemSchema } from './gift-item.js';

/**
 * A gift was paid for (ADR 0020). Billing took the money; access owns what follows: the mail to
 * the recipient on `sendAt`, the claim, the grant. The buyer gets nothing from it themselves, so
 * a gift is never a PaymentSucceeded (whose consumers would open the tool to the buyer).
 */
export const GiftPaidV1 = defineEvent({
  type: 'GiftPaid',
  version: 1,
  producer: 'billing',
  schema: z.object({
    giftId: ownIdSchema,
    buyerId: ownIdSchema,
    /** Billing's payment id: refunds and the buyer's payment history name it. */
    paymentId: ownIdSchema,
    providerPaymentId: providerIdSchema,
    item: giftItemSchema,
    amountCents: amountCentsSchema,
    currency: currencyCodeSchema,
    recipientEmail: z.email(),
    /** The buyer's words for the recipient, as typed (escaped wherever shown). */
    message: multiLineText({ max: GIFT_MESSAGE_MAX }).nullable(),
    /** When the recipient's mail goes out (the payment's time when the buyer chose none). */
    sendAt: instantSchema,
    paidAt: instantSchema,
  }),
});
export type GiftPaidV1Data = z.infer<typeof GiftPaidV1.schema>;
