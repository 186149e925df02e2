import {
  GIFT_MESSAGE_MAX,
  GiftClaimedV1,
  giftItemSchema,
  instantSchema,
  multiLineText,
  ownIdSchema,
} from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// A gift's stream in access (ADR 0020): billing took the money (GiftPaid); access keeps who it
// is for, when the mail goes out, which link is the live one, and the claim. Only GiftClaimed
// leaves the service; the recipient's address and the link's hash stay here.

export const mailLanguageSchema = z.enum(['es', 'en']);
export type MailLanguage = z.infer<typeof mailLanguageSchema>;

/** Billing's GiftPaid, as access keeps it: the gift waits for its `sendAt`. */
export const GiftScheduled = defineDomainEvent(
  'GiftScheduled',
  z.strictObject({
    giftId: ownIdSchema,
    buyerId: ownIdSchema,
    paymentId: ownIdSchema,
    item: giftItemSchema,
    recipientEmail: z.string().min(1),
    message: multiLineText({ max: GIFT_MESSAGE_MAX }).nullable(),
    sendAt: instantSchema,
    paidAt: instantSchema,
  }),
);

/**
 * A claim link went out (on `sendAt`, or again at the buyer's request). Only the link's hash is
 * kept: the token itself is in the mail alone. A new link ends the one before.
 */
export const GiftLinkSent = defineDomainEvent(
  'GiftLinkSent',
  z.strictObject({
    giftId: ownIdSchema,
    recipientEmail: z.string().min(1),
    tokenHash: z.string().min(1),
    /** The language of the mail (the buyer's). */
    language: mailLanguageSchema,
    reason: z.enum(['scheduled', 'resend', 'recipient_changed']),
    sentAt: instantSchema,
  }),
);

/** The buyer gave another address before the claim. */
export const GiftRecipientChanged = defineDomainEvent(
  'GiftRecipientChanged',
  z.strictObject({
    giftId: ownIdSchema,
    recipientEmail: z.string().min(1),
    changedAt: instantSchema,
  }),
);

/** Billing refunded the gift's payment (GiftRefunded): its link, or its grant, ends. */
export const GiftRefundNoted = defineDomainEvent(
  'GiftRefundNoted',
  z.strictObject({ giftId: ownIdSchema, refundedAt: instantSchema }),
);

export type GiftEvent =
  | EventOf<typeof GiftScheduled>
  | EventOf<typeof GiftLinkSent>
  | EventOf<typeof GiftRecipientChanged>
  | EventOf<typeof GiftClaimedV1>
  | EventOf<typeof GiftRefundNoted>;

export const giftEventDefinitions = [
  GiftScheduled,
  GiftLinkSent,
  GiftRecipientChanged,
  GiftClaimedV1,
  GiftRefundNoted,
] as const;

/** One stream per gift, named by billing's giftId. */
export const giftStreamId = (giftId: string): string => `gift-${giftId}`;
