import { amountCentsSchema, currencyCodeSchema, instantSchema, ownIdSchema } from '@mia/contracts';
import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// Access's own record of billing's payment events, appended by reactions to the user's payments
// stream: the payment history and the timeline are projections of access's store, and replay
// rebuilds them without billing.

const paymentFields = {
  paymentId: ownIdSchema,
  userId: ownIdSchema,
  /** What it paid for: one tool, or a plan's invoice. */
  productId: z.string().nullable(),
  plan: z.string().nullable(),
  amountCents: amountCentsSchema,
  currency: currencyCodeSchema,
  /** What the history shows (the catalogue's Spanish name). */
  description: z.string(),
  /** When billing recorded it. */
  at: instantSchema,
};

export const PaymentSucceededNoted = defineDomainEvent(
  'PaymentSucceededNoted',
  z.object({
    ...paymentFields,
    /** What a promotion code took off (PaymentSucceeded v2); absent in facts noted before. */
    discountCents: amountCentsSchema.optional(),
    promotionCode: z.string().nullable().optional(),
  }),
);

export const PaymentFailedNoted = defineDomainEvent(
  'PaymentFailedNoted',
  z.object({ ...paymentFields, code: z.string() }),
);

export const PaymentRefundNoted = defineDomainEvent(
  'PaymentRefundNoted',
  z.object({
    paymentId: ownIdSchema,
    userId: ownIdSchema,
    amountCents: amountCentsSchema,
    full: z.boolean(),
    at: instantSchema,
  }),
);

export type PaymentEvent =
  | EventOf<typeof PaymentSucceededNoted>
  | EventOf<typeof PaymentFailedNoted>
  | EventOf<typeof PaymentRefundNoted>;

export const paymentEventDefinitions = [
  PaymentSucceededNoted,
  PaymentFailedNoted,
  PaymentRefundNoted,
] as const;

/** One stream per user. */
export const paymentsStreamId = (userId: string): string => `payments-${userId}`;
