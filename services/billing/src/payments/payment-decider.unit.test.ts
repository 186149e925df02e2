import type { PaymentFailedV1Data, PaymentSucceededV1Data } from '@mia/contracts';
import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { paymentDecider, type PaymentCommand } from './payment-decider.js';
import type { PaymentEvent } from './payment-events.js';

const paymentId = '00000000-0000-4000-8000-0000000000d1';
const userId = '00000000-0000-4000-8000-0000000000aa';

const paid: PaymentSucceededV1Data = {
  paymentId,
  userId,
  purpose: { kind: 'product', productId: 'manual-ceremonias' },
  amountCents: 999,
  currency: 'usd',
  provider: 'sandbox',
  providerPaymentId: 'pi_1',
  description: 'Manual de Ceremonias Ministeriales',
  paidAt: '2026-03-01T10:00:00.000Z',
  cardLast4: '4242',
  cardBrand: 'visa',
};
const failure: PaymentFailedV1Data = {
  paymentId,
  userId,
  purpose: paid.purpose,
  amountCents: 999,
  currency: 'usd',
  code: 'card_declined',
  message: 'Your card was declined.',
  failedAt: '2026-03-01T09:59:00.000Z',
};

const succeed: PaymentCommand = { kind: 'succeed', payment: paid, receiptUrl: null };
// Billing announces v2: no checkout start here, so no discount.
const succeeded: PaymentEvent = {
  type: 'PaymentSucceeded',
  data: { ...paid, discountCents: 0, promotionCode: null },
};
const refund = (total: number): PaymentCommand => ({
  kind: 'refund',
  paymentId,
  refundedTotalCents: total,
  refundedAt: '2026-03-02T00:00:00.000Z',
});
/** A refund as announced (v2, with the purpose; no v1 twin since no consumer reads v1). */
const refunded = (amountCents: number, full: boolean): PaymentEvent[] => {
  const refundedAt = '2026-03-02T00:00:00.000Z';
  return [
    {
      type: 'PaymentRefunded',
      data: {
        paymentId,
        userId,
        purpose: paid.purpose,
        amountCents,
        full,
        planAction: null,
        refundedAt,
      },
    },
  ];
};
const disputeFacts = {
  disputeId: 'dp_1',
  reason: 'fraudulent',
  inquiry: false,
  evidenceDueBy: null,
};
const disputed: PaymentEvent[] = [
  {
    type: 'PaymentDisputed',
    data: {
      paymentId,
      userId,
      purpose: paid.purpose,
      ...disputeFacts,
      amountCents: 999,
      currency: 'usd',
    },
  },
];
const closed = (outcome: 'won' | 'lost'): PaymentEvent[] => [
  {
    type: 'DisputeClosed',
    data: { paymentId, userId, purpose: paid.purpose, disputeId: 'dp_1', outcome },
  },
];

describe('payment decider', () => {
  const spec = deciderSpec(paymentDecider);

  it('double confirm (confirm-payment and the webhook): one PaymentSucceeded', () => {
    const first = spec.given([]).when(succeed).then([succeeded]);
    spec.given(first).when(succeed).thenNothing();
  });

  it('announces v2; a v1 success of an older stream still counts as paid', () => {
    expect(paymentDecider.versionOf?.(succeeded)).toBe(2);
    const older: PaymentEvent = { type: 'PaymentSucceeded', data: paid };
    expect(paymentDecider.versionOf?.(older)).toBe(1);
    spec.given([older]).when(succeed).thenNothing();
  });

  it('keeps the receipt link the provider gave', () => {
    spec
      .given([])
      .when({ ...succeed, receiptUrl: 'http://127.0.0.1:12111/receipts/ch_1' } as PaymentCommand)
      .then([
        succeeded,
        {
          type: 'PaymentReceiptRecorded',
          data: { paymentId, receiptUrl: 'http://127.0.0.1:12111/receipts/ch_1' },
        },
      ]);
  });

  it('records each failed attempt once, and none after the success', () => {
    const fail: PaymentCommand = { kind: 'fail', attempt: 'ch_1', failure };
    const failed = spec
      .given([])
      .when(fail)
      .then([
        { type: 'PaymentAttemptFailed', data: { paymentId, attempt: 'ch_1' } },
        { type: 'PaymentFailed', data: failure },
      ]);
    spec.given(failed).when(fail).thenNothing();
    // A late webhook of an earlier declined attempt arrives after the card that worked.
    spec
      .given([...failed, succeeded])
      .when({ ...fail, attempt: 'ch_0' })
      .thenNothing();
  });

  it('refund before success is remembered and announced right after the success', () => {
    const noted = spec
      .given([])
      .when(refund(999))
      .then([
        {
          type: 'RefundNoted',
          data: { paymentId, refundedTotalCents: 999, refundedAt: '2026-03-02T00:00:00.000Z' },
        },
      ]);
    spec
      .given(noted)
      .when(succeed)
      .then([succeeded, ...refunded(999, true)]);
    spec
      .given([...noted, succeeded, ...refunded(999, true)])
      .when(refund(999))
      .thenNothing();
  });

  it('refunds count the provider running total: partial then full, repeats change nothing', () => {
    spec.given([succeeded]).when(refund(400)).then(refunded(400, false));
    spec
      .given([succeeded, ...refunded(400, false)])
      .when(refund(400))
      .thenNothing();
    spec
      .given([succeeded, ...refunded(400, false)])
      .when(refund(999))
      .then(refunded(599, true));
  });

  it('a dispute and its outcome before the success are announced in order after it', () => {
    const dispute: PaymentCommand = { kind: 'dispute', paymentId, ...disputeFacts };
    const close: PaymentCommand = {
      kind: 'close-dispute',
      paymentId,
      ...disputeFacts,
      outcome: 'lost',
    };
    const early = spec
      .given([])
      .when(dispute)
      .then([
        {
          type: 'DisputeNoted',
          data: { paymentId, ...disputeFacts, outcome: null },
        },
      ]);
    const closedEarly = spec
      .given(early)
      .when(close)
      .then([
        {
          type: 'DisputeNoted',
          data: { paymentId, ...disputeFacts, outcome: 'lost' },
        },
      ]);
    spec
      .given([...early, ...closedEarly])
      .when(succeed)
      .then([succeeded, ...disputed, ...closed('lost')]);
  });

  it('a dispute closed before its opening was seen announces both, once', () => {
    const close: PaymentCommand = {
      kind: 'close-dispute',
      paymentId,
      ...disputeFacts,
      outcome: 'won',
    };
    const events = spec
      .given([succeeded])
      .when(close)
      .then([...disputed, ...closed('won')]);
    spec
      .given([succeeded, ...events])
      .when(close)
      .thenNothing();
    spec
      .given([succeeded, ...events])
      .when({ kind: 'dispute', paymentId, ...disputeFacts })
      .thenNothing();
  });

  it('refuses a success reported for another user than the one who started it', () => {
    const started: PaymentEvent = {
      type: 'PaymentStarted',
      data: {
        paymentId,
        userId,
        purpose: paid.purpose,
        amountCents: 999,
        currency: 'usd',
        description: paid.description,
      },
    };
    spec
      .given([started])
      .when({
        kind: 'succeed',
        payment: { ...paid, userId: '00000000-0000-4000-8000-0000000000bb' },
        receiptUrl: null,
      })
      .thenRefused({ code: 'payment_owner_mismatch' });
  });

  it('sends the receipt once, and only for a paid payment', () => {
    const mark: PaymentCommand = { kind: 'mark-receipt-sent', paymentId };
    spec.given([]).when(mark).thenNothing();
    const sent = spec
      .given([succeeded])
      .when(mark)
      .then([{ type: 'ReceiptSent', data: { paymentId } }]);
    spec
      .given([succeeded, ...sent])
      .when(mark)
      .thenNothing();
    expect(spec.given([succeeded, ...sent]).state.receiptSent).toBe(true);
  });
});
