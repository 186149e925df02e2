import {
  amountCentsSchema,
  currencyCodeSchema,
  DisputeClosedV1,
  DisputeClosedV2,
  disputeOutcomeSchema,
  PaymentDisputedV1,
  PaymentDisputedV2,
  PaymentFailedV1,
  paymentPurposeSchema,
  PaymentRefundedV1,
  PaymentRefundedV2,
  PaymentSucceededV1,
  PaymentSucceededV2,
  refundPlanActionSchema,
  type DisputeClosedV1Data,
  type DisputeClosedV2Data,
  type PaymentDisputedV1Data,
  type PaymentDisputedV2Data,
  type PaymentFailedV1Data,
  type PaymentRefundedV1Data,
  type PaymentRefundedV2Data,
  type PaymentSucceededV1Data,
  type PaymentSucceededV2Data,
} from '@mia/contracts';
import {
  defineDomainEvent,
  readerOf,
  type DomainEvent,
  type EventOf,
  type StoredEvent,
} from '@mia/service-kit';
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
    /** The promotion code that gave the discount, as created; absent or null without one. */
    promotionCode: z.string().min(1).nullable().optional(),
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
    outcome: disputeOutcomeSchema.nullable(),
    /** Added with the v2 events: absent in older events (a chargeback then). */
    inquiry: z.boolean().optional(),
    evidenceDueBy: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
);

/**
 * Staff asked for a refund (POST /api/admin/refunds), recorded before the provider is asked:
 * the refund the provider then reports, by whichever path, carries this plan action.
 */
export const RefundRequested = defineDomainEvent(
  'RefundRequested',
  z.object({
    paymentId: z.uuid(),
    amountCents: amountCentsSchema,
    /** What was refunded before this request (makes the provider's idempotency key). */
    refundedBeforeCents: amountCentsSchema,
    planAction: refundPlanActionSchema.nullable(),
    requestedBy: z.uuid(),
    requestedAt: z.iso.datetime({ offset: true }),
  }),
);

/** The provider refused the requested refund: its plan action no longer applies to anything. */
export const RefundRequestWithdrawn = defineDomainEvent(
  'RefundRequestWithdrawn',
  z.object({ paymentId: z.uuid(), reason: z.string() }),
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
  RefundRequested,
  RefundRequestWithdrawn,
  ReceiptSent,
  RenewalFailureNotified,
  PaymentSucceededV2,
  PaymentFailedV1,
  PaymentRefundedV2,
  PaymentDisputedV2,
  DisputeClosedV2,
] as const;

export type PaymentEvent =
  | EventOf<typeof PaymentStarted>
  | EventOf<typeof PaymentMismatched>
  | EventOf<typeof PaymentIntentAttached>
  | EventOf<typeof PaymentAttemptFailed>
  | EventOf<typeof PaymentReceiptRecorded>
  | EventOf<typeof RefundNoted>
  | EventOf<typeof DisputeNoted>
  | EventOf<typeof RefundRequested>
  | EventOf<typeof RefundRequestWithdrawn>
  | EventOf<typeof ReceiptSent>
  | EventOf<typeof RenewalFailureNotified>
  | DomainEvent<'PaymentSucceeded', PaymentSucceededV2Data>
  | DomainEvent<'PaymentFailed', PaymentFailedV1Data>
  | DomainEvent<'PaymentRefunded', PaymentRefundedV2Data>
  | DomainEvent<'PaymentDisputed', PaymentDisputedV2Data>
  | DomainEvent<'DisputeClosed', DisputeClosedV2Data>
  // v1 twins: appended beside each v2 until no consumer declared v1 (support moved to v2).
  // Streams written then still hold them; nothing appends them any more.
  | DomainEvent<'PaymentRefunded', PaymentRefundedV1Data>
  | DomainEvent<'PaymentDisputed', PaymentDisputedV1Data>
  | DomainEvent<'DisputeClosed', DisputeClosedV1Data>
  // Appended before v2 carried the discount; streams written then still hold it.
  | DomainEvent<'PaymentSucceeded', PaymentSucceededV1Data>;

/** The v1 twins' definitions, by type. */
const v1Twins = new Map<string, { schema: z.ZodType }>([
  [PaymentRefundedV1.type, PaymentRefundedV1],
  [PaymentDisputedV1.type, PaymentDisputedV1],
  [DisputeClosedV1.type, DisputeClosedV1],
]);

/** A v2 refund or dispute event carries the payment's purpose; its v1 twin does not. */
export const isV1Twin = (event: PaymentEvent): boolean =>
  v1Twins.has(event.type) && !('purpose' in (event.data as object));

const readCurrent = readerOf<PaymentEvent>(paymentEventDefinitions);

/** A stored event of a payment stream: v2 and v1 refund and dispute events both read. */
export function readPaymentEvent(event: StoredEvent): PaymentEvent | undefined {
  if (event.type === PaymentSucceededV1.type && event.version === 1) {
    return { type: event.type, data: PaymentSucceededV1.schema.parse(event.data) };
  }
  const twin = v1Twins.get(event.type);
  if (twin && event.version === 1) {
    return { type: event.type, data: twin.schema.parse(event.data) } as PaymentEvent;
  }
  return readCurrent(event);
}

/** A PaymentSucceeded v2 carries its discount; v1 (older streams) does not. */
const isSucceededV2 = (event: PaymentEvent): boolean =>
  event.type === PaymentSucceededV2.type && 'discountCents' in event.data;

/**
 * Refund and dispute events are appended as v2 (with purpose) or as their v1 twin;
 * PaymentSucceeded as v2 (with its discount).
 */
export const versionOfPaymentEvent = (event: PaymentEvent): number =>
  (v1Twins.has(event.type) && !isV1Twin(event)) || isSucceededV2(event) ? 2 : 1;
