import {
  amountCentsSchema,
  currencyCodeSchema,
  DisputeClosedV1,
  PaymentDisputedV1,
  PaymentFailedV1,
  paymentPurposeSchema,
  PaymentRefundedV1,
  PaymentSucceededV1,
  type DisputeClosedV1Data,
  type PaymentDisputedV1Data,
  type PaymentFailedV1Data,
  type PaymentRefundedV1Data,
  type PaymentSucceededV1Data,
} from '@mia/contracts';
import { defineDomainEvent, type DomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// One stream per payment (`payment-<paymentId>`): the integration events of the contracts plus
// billing's own facts that make every report from the provider apply once, in any order.

/**
 * A checkout created this payment (tool purchases; invoices start when the provider reports them)
 * at this price and discount, which the payment must then match. A checkout resumed after the
 * catalogue price changed starts again: a later PaymentStarted on the same stream, and the
 * latest one is what the payment is checked against.
 */
export const PaymentStarted = defineDomainEvent(
  'PaymentStarted',
  z.object({
    paymentId: z.uuid(),
    userId: z.uuid(),
    purpose: paymentPurposeSchema,
    amountCents: amountCentsSchema,
    currency: currencyCodeSchema,
    description: z.string(),
    /** Taken off amountCents; absent in checkouts started before discounts were recorded. */
    discountCents: amountCentsSchema.optional(),
  }),
);

/**
 * The provider reported the payment succeeded, but for another amount or currency than its
 * latest PaymentStarted net of discount (e.g. a PaymentIntent changed with the secret key):
 * nothing is granted, and staff review it (refund or grant by hand).
 */
export const PaymentMismatched = defineDomainEvent(
  'PaymentMismatched',
  z.object({
    paymentId: z.uuid(),
    userId: z.uuid(),
    purpose: paymentPurposeSchema,
    expectedCents: amountCentsSchema,
    expectedCurrency: currencyCodeSchema,
    paidCents: amountCentsSchema,
    paidCurrency: currencyCodeSchema,
    provider: z.string().min(1),
    providerPaymentId: z.string().min(1),
    description: z.string(),
    paidAt: z.iso.datetime({ offset: true }),
  }),
);

/** The provider object that collects the payment (a PaymentIntent `pi_...`). */
export const PaymentIntentAttached = defineDomainEvent(
  'PaymentIntentAttached',
  z.object({ paymentId: z.uuid(), providerPaymentId: z.string().min(1) }),
);

/** One failed charge attempt, so the same failure reported twice is recorded once. */
export const PaymentAttemptFailed = defineDomainEvent(
  'PaymentAttemptFailed',
  z.object({ paymentId: z.uuid(), attempt: z.string().min(1) }),
);

export const PaymentReceiptRecorded = defineDomainEvent(
  'PaymentReceiptRecorded',
  z.object({ paymentId: z.uuid(), receiptUrl: z.url() }),
);

/** A refund the provider reported before the payment's success: applied when it arrives. */
export const RefundNoted = defineDomainEvent(
  'RefundNoted',
  z.object({
    paymentId: z.uuid(),
    refundedTotalCents: amountCentsSchema,
    refundedAt: z.iso.datetime({ offset: true }),
  }),
);

/** A dispute (and maybe its outcome) reported before the payment's success. */
export const DisputeNoted = defineDomainEvent(
  'DisputeNoted',
  z.object({
    paymentId: z.uuid(),
    disputeId: z.string().min(1),
    reason: z.string().min(1),
    outcome: z.enum(['won', 'lost']).nullable(),
  }),
);

export const ReceiptSent = defineDomainEvent('ReceiptSent', z.object({ paymentId: z.uuid() }));

export const RenewalFailureNotified = defineDomainEvent(
  'RenewalFailureNotified',
  z.object({ paymentId: z.uuid() }),
);

export const paymentEventDefinitions = [
  PaymentStarted,
  PaymentMismatched,
  PaymentIntentAttached,
  PaymentAttemptFailed,
  PaymentReceiptRecorded,
  RefundNoted,
  DisputeNoted,
  ReceiptSent,
  RenewalFailureNotified,
  PaymentSucceededV1,
  PaymentFailedV1,
  PaymentRefundedV1,
  PaymentDisputedV1,
  DisputeClosedV1,
] as const;

export type PaymentEvent =
  | EventOf<typeof PaymentStarted>
  | EventOf<typeof PaymentMismatched>
  | EventOf<typeof PaymentIntentAttached>
  | EventOf<typeof PaymentAttemptFailed>
  | EventOf<typeof PaymentReceiptRecorded>
  | EventOf<typeof RefundNoted>
  | EventOf<typeof DisputeNoted>
  | EventOf<typeof ReceiptSent>
  | EventOf<typeof RenewalFailureNotified>
  | DomainEvent<'PaymentSucceeded', PaymentSucceededV1Data>
  | DomainEvent<'PaymentFailed', PaymentFailedV1Data>
  | DomainEvent<'PaymentRefunded', PaymentRefundedV1Data>
  | DomainEvent<'PaymentDisputed', PaymentDisputedV1Data>
  | DomainEvent<'DisputeClosed', DisputeClosedV1Data>;
