import type { PaymentSucceededV1Data } from '@mia/contracts';
import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { paymentDecider, type PaymentCommand } from '../payments/payment-decider.js';
import type { PaymentEvent } from '../payments/payment-events.js';

// Staff refunds and provider disputes of tools and plans (issue 20, item 3), decided on the
// payment's stream.

const paymentId = '00000000-0000-4000-8000-0000000000d1';
const userId = '00000000-0000-4000-8000-0000000000aa';
const adminId = '00000000-0000-4000-8000-0000000000ad';
const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const NOW = '2026-03-02T00:00:00.000Z';
const spec = deciderSpec(paymentDecider, { now: NOW });

const toolPaid: PaymentSucceededV1Data = {
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
const planPaid: PaymentSucceededV1Data = {
  ...toolPaid,
  purpose: { kind: 'subscription', subscriptionId, plan: 'monthly' },
  amountCents: 2000,
  description: 'Plan Mensual',
};
const succeeded = (paid: PaymentSucceededV1Data): PaymentEvent => ({
  type: 'PaymentSucceeded',
  data: paid,
});

const ask = (
  options: { planAction?: 'cancel_now' | 'keep'; amountCents?: number } = {},
): PaymentCommand => ({ kind: 'request-refund', paymentId, adminId, ...options });
const requested = (
  amountCents: number,
  planAction: 'cancel_now' | 'keep' | null,
  refundedBeforeCents = 0,
): PaymentEvent => ({
  type: 'RefundRequested',
  data: {
    paymentId,
    amountCents,
    refundedBeforeCents,
    planAction,
    requestedBy: adminId,
    requestedAt: NOW,
  },
});
const providerRefund = (total: number): PaymentCommand => ({
  kind: 'refund',
  paymentId,
  refundedTotalCents: total,
  refundedAt: NOW,
});
/** A refund as billing announces it: v2 only (no consumer reads v1 any more). */
const refunded = (
  paid: PaymentSucceededV1Data,
  amountCents: number,
  full: boolean,
  planAction: 'cancel_now' | 'keep' | null,
): PaymentEvent[] => [
  {
    type: 'PaymentRefunded',
    data: {
      paymentId,
      userId,
      purpose: paid.purpose,
      amountCents,
      full,
      planAction,
      refundedAt: NOW,
    },
  },
];
/** A refund's v1 event, as streams written before v2 (alone) or while v1 had consumers hold it. */
const v1Refunded = (amountCents: number, full: boolean): PaymentEvent => ({
  type: 'PaymentRefunded',
  data: { paymentId, userId, amountCents, full, refundedAt: NOW },
});

describe('staff refunds', () => {
  it('a plan payment needs a plan action (400), a tool does not', () => {
    spec
      .given([succeeded(planPaid)])
      .when(ask())
      .thenRefused({ kind: 'invalid', code: 'plan_action_required' });
    spec
      .given([succeeded(toolPaid)])
      .when(ask())
      .then([requested(999, null)]);
  });

  it('cancel_now and keep are recorded, and the refund the provider reports carries them', () => {
    for (const planAction of ['cancel_now', 'keep'] as const) {
      const history = [succeeded(planPaid), requested(2000, planAction)];
      spec
        .given([succeeded(planPaid)])
        .when(ask({ planAction }))
        .then([requested(2000, planAction)]);
      spec
        .given(history)
        .when(providerRefund(2000))
        .then(refunded(planPaid, 2000, true, planAction));
    }
  });

  it('a refund of a plan made outside the panel keeps the plan', () => {
    spec
      .given([succeeded(planPaid)])
      .when(providerRefund(2000))
      .then(refunded(planPaid, 2000, true, 'keep'));
  });

  it('a partial refund: a plan keeps running (cancel_now refused), a tool stays owned', () => {
    spec
      .given([succeeded(planPaid)])
      .when(ask({ amountCents: 500 }))
      .then([requested(500, 'keep')]);
    spec
      .given([succeeded(planPaid)])
      .when(ask({ amountCents: 500, planAction: 'cancel_now' }))
      .thenRefused({ kind: 'invalid', code: 'partial_refund_keeps_plan' });
    spec
      .given([succeeded(toolPaid), requested(300, null)])
      .when(providerRefund(300))
      .then(refunded(toolPaid, 300, false, null));
  });

  it('never more than is left; nothing once all is refunded; nothing before the payment', () => {
    const partly = [succeeded(toolPaid), ...refunded(toolPaid, 300, false, null)];
    spec
      .given(partly)
      .when(ask({ amountCents: 700 }))
      .thenRefused({ kind: 'invalid', code: 'refund_too_large' });
    spec
      .given(partly)
      .when(ask())
      .then([requested(699, null, 300)]);
    spec
      .given([succeeded(toolPaid), ...refunded(toolPaid, 999, true, null)])
      .when(ask())
      .thenRefused({ kind: 'conflict', code: 'already_refunded' });
    spec.given([]).when(ask()).thenRefused({ kind: 'not_found', code: 'payment_not_found' });
  });

  it('a refused refund withdraws its plan action: a later refund from elsewhere keeps the plan', () => {
    const asked = [succeeded(planPaid), requested(2000, 'cancel_now')];
    const withdrawn: PaymentEvent = {
      type: 'RefundRequestWithdrawn',
      data: { paymentId, reason: 'charge_disputed' },
    };
    spec
      .given(asked)
      .when({ kind: 'withdraw-refund-request', paymentId, reason: 'charge_disputed' })
      .then([withdrawn]);
    spec
      .given([...asked, withdrawn])
      .when(providerRefund(2000))
      .then(refunded(planPaid, 2000, true, 'keep'));
    spec
      .given([succeeded(planPaid)])
      .when({ kind: 'withdraw-refund-request', paymentId, reason: 'x' })
      .thenNothing();
  });

  it('old streams: a v1 twin is not counted twice; a stream of v1 refunds only still counts them', () => {
    // 300 refunded as v2 + its twin (written while support still read v1): 699 left.
    spec
      .given([succeeded(toolPaid), ...refunded(toolPaid, 300, false, null), v1Refunded(300, false)])
      .when(providerRefund(999))
      .then(refunded(toolPaid, 699, true, null));
    // Written before v2: one v1 event of 300.
    spec
      .given([succeeded(toolPaid), v1Refunded(300, false)])
      .when(providerRefund(999))
      .then(refunded(toolPaid, 699, true, null));
    // Written since: v2 alone.
    spec
      .given([succeeded(toolPaid), ...refunded(toolPaid, 300, false, null)])
      .when(providerRefund(999))
      .then(refunded(toolPaid, 699, true, null));
  });
});

describe('disputes', () => {
  const facts = {
    disputeId: 'dp_1',
    reason: 'fraudulent',
    evidenceDueBy: '2026-03-09T00:00:00.000Z',
  };
  const disputed = (inquiry: boolean): PaymentEvent => ({
    type: 'PaymentDisputed',
    data: {
      paymentId,
      userId,
      purpose: planPaid.purpose,
      ...facts,
      inquiry,
      amountCents: 2000,
      currency: 'usd',
    },
  });
  const v1Disputed: PaymentEvent = {
    type: 'PaymentDisputed',
    data: { paymentId, userId, disputeId: 'dp_1', reason: 'fraudulent' },
  };

  it('an inquiry is announced as one; its escalation is announced again (v2 only)', () => {
    const first = spec
      .given([succeeded(planPaid)])
      .when({ kind: 'dispute', paymentId, ...facts, inquiry: true })
      .then([disputed(true)]);
    spec
      .given([succeeded(planPaid), ...first])
      .when({ kind: 'dispute', paymentId, ...facts, inquiry: true })
      .thenNothing();
    spec
      .given([succeeded(planPaid), ...first])
      .when({ kind: 'dispute', paymentId, ...facts, inquiry: false })
      .then([disputed(false)]);
  });

  it('warning_closed and prevented are announced as they are, in old streams (with a v1 twin) too', () => {
    for (const outcome of ['warning_closed', 'prevented'] as const) {
      for (const history of [[disputed(true)], [disputed(true), v1Disputed]]) {
        spec
          .given([succeeded(planPaid), ...history])
          .when({ kind: 'close-dispute', paymentId, ...facts, inquiry: true, outcome })
          .then([
            {
              type: 'DisputeClosed',
              data: { paymentId, userId, purpose: planPaid.purpose, disputeId: 'dp_1', outcome },
            },
          ]);
      }
    }
  });
});
