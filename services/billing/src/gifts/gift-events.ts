import {
  amountCentsSchema,
  currencyCodeSchema,
  GIFT_MESSAGE_MAX,
  giftItemSchema,
  GiftPaidV1,
  GiftRefundedV1,
  multiLineText,
  type GiftPaidV1Data,
  type GiftRefundedV1Data,
} from '@mia/contracts';
import { defineDomainEvent, readerOf, type DomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// One stream per gift (`gift-<giftId>`, ADR 0020): its checkout, its payment (GiftPaid, never a
// PaymentSucceeded), what billing learns of its claim, its refunds and disputes. A gift is paid
// once, so its payment id is the gift's id: staff's refund by payment id finds this stream.

const instant = z.iso.datetime({ offset: true });

/** The buyer started the gift's checkout at the catalogue's price (no promotion codes). */
export const GiftStarted = defineDomainEvent(
  'GiftStarted',
  z.object({
    giftId: z.uuid(),
    paymentId: z.uuid(),
    buyerId: z.uuid(),
    item: giftItemSchema,
    amountCents: amountCentsSchema,
    currency: currencyCodeSchema,
    recipientEmail: z.email(),
    message: multiLineText({ max: GIFT_MESSAGE_MAX }).nullable(),
    /** The buyer's chosen time, or null: as soon as the payment succeeds. */
    sendAt: instant.nullable(),
    startedAt: instant,
  }),
);

/** The provider's PaymentIntent that collects the gift's money. */
export const GiftPaymentIntentAttached = defineDomainEvent(
  'GiftPaymentIntentAttached',
  z.object({ giftId: z.uuid(), providerPaymentId: z.string().min(1) }),
);

/**
 * The provider reported the gift paid, but for other money than its checkout fixed: no
 * GiftPaid (the recipient is not sent anything); staff refund it.
 */
export const GiftPaymentMismatched = defineDomainEvent(
  'GiftPaymentMismatched',
  z.object({
    giftId: z.uuid(),
    providerPaymentId: z.string().min(1),
    expectedCents: amountCentsSchema,
    paidCents: amountCentsSchema,
    paidCurrency: currencyCodeSchema,
  }),
);

/** What the buyer's payment history shows beside the payment (the card, the provider receipt). */
export const GiftPaymentDetailsRecorded = defineDomainEvent(
  'GiftPaymentDetailsRecorded',
  z.object({
    giftId: z.uuid(),
    cardLast4: z.string().nullable(),
    receiptUrl: z.url().nullable(),
  }),
);

/** Access's GiftClaimed, as billing keeps it: from now on the tool's refund rules apply. */
export const GiftClaimNoted = defineDomainEvent(
  'GiftClaimNoted',
  z.object({ giftId: z.uuid(), recipientId: z.uuid(), claimedAt: instant }),
);

/** Staff asked for a refund, recorded before the provider is asked (the idempotency key). */
export const GiftRefundRequested = defineDomainEvent(
  'GiftRefundRequested',
  z.object({
    giftId: z.uuid(),
    amountCents: amountCentsSchema,
    refundedBeforeCents: amountCentsSchema,
    requestedBy: z.uuid(),
    requestedAt: instant,
  }),
);

/** The provider refused the requested refund. */
export const GiftRefundRequestWithdrawn = defineDomainEvent(
  'GiftRefundRequestWithdrawn',
  z.object({ giftId: z.uuid(), reason: z.string() }),
);

/**
 * Money given back, in full or in part, by whichever path reported it (staff's call, the
 * provider's webhook): the sales view counts each part; a full refund is also GiftRefunded.
 */
export const GiftRefundRecorded = defineDomainEvent(
  'GiftRefundRecorded',
  z.object({
    giftId: z.uuid(),
    paymentId: z.uuid(),
    amountCents: amountCentsSchema,
    refundedTotalCents: amountCentsSchema,
    refundedAt: instant,
    /** The gift item (tools' refunds are counted per tool in the sales view). */
    item: giftItemSchema,
  }),
);

/**
 * A dispute of the gift's payment: recorded for staff only. The payment events' disputes would
 * suspend the buyer's access to what they never received, so none is announced (ADR 0020: left
 * to staff in this version).
 */
export const GiftDisputeNoted = defineDomainEvent(
  'GiftDisputeNoted',
  z.object({
    giftId: z.uuid(),
    disputeId: z.string().min(1),
    reason: z.string().min(1),
    outcome: z.string().nullable(),
  }),
);

export const GiftReceiptSent = defineDomainEvent('GiftReceiptSent', z.object({ giftId: z.uuid() }));

export const giftEventDefinitions = [
  GiftStarted,
  GiftPaymentIntentAttached,
  GiftPaymentMismatched,
  GiftPaymentDetailsRecorded,
  GiftClaimNoted,
  GiftRefundRequested,
  GiftRefundRequestWithdrawn,
  GiftRefundRecorded,
  GiftDisputeNoted,
  GiftReceiptSent,
  GiftPaidV1,
  GiftRefundedV1,
] as const;

export type GiftEvent =
  | EventOf<typeof GiftStarted>
  | EventOf<typeof GiftPaymentIntentAttached>
  | EventOf<typeof GiftPaymentMismatched>
  | EventOf<typeof GiftPaymentDetailsRecorded>
  | EventOf<typeof GiftClaimNoted>
  | EventOf<typeof GiftRefundRequested>
  | EventOf<typeof GiftRefundRequestWithdrawn>
  | EventOf<typeof GiftRefundRecorded>
  | EventOf<typeof GiftDisputeNoted>
  | EventOf<typeof GiftReceiptSent>
  | DomainEvent<'GiftPaid', GiftPaidV1Data>
  | DomainEvent<'GiftRefunded', GiftRefundedV1Data>;

export const readGiftEvent = readerOf<GiftEvent>(giftEventDefinitions);

export const giftStreamId = (giftId: string): string => `gift-${giftId}`;
