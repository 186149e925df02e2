import type {
  DisputeOutcome,
  PaymentSucceededV1Data,
  PaymentSucceededV2Data,
} from '@mia/contracts';
import { DomainError, type Decider } from '@mia/service-kit';
import {
  isV1Twin,
  readPaymentEvent,
  versionOfPaymentEvent,
  type PaymentEvent,
} from './payment-events.js';
import { refundRequestOf } from '../refunds/refund-policy.js';
import type {
  CheckoutTerms,
  DisputeFacts,
  DisputeState,
  PaymentCommand,
  PaymentState,
} from './payment-state.js';

export type {
  CheckoutTerms,
  DisputeFacts,
  DisputeState,
  PaymentCommand,
  PaymentState,
  PendingRefund,
} from './payment-state.js';

/** What the payment must collect: the latest start's price net of its discount. */
export const expectedOf = (started: NonNullable<PaymentState['started']>) => ({
  amountCents: Math.max(0, started.amountCents - started.discountCents),
  currency: started.currency,
});

const sameTerms = (started: NonNullable<PaymentState['started']>, terms: CheckoutTerms) =>
  started.amountCents === terms.amountCents &&
  started.currency === terms.currency &&
  started.discountCents === (terms.discountCents ?? 0) &&
  started.promotionCode === (terms.promotionCode ?? null);

/**
 * What the announcement of a success says about the price: the promotion code's discount of the
 * start it was held to (a plan invoice has no start and no discount), so the payment history
 * shows it beside the amount.
 */
const withDiscount = (
  state: PaymentState,
  paid: PaymentSucceededV1Data,
): PaymentSucceededV2Data => ({
  ...paid,
  discountCents: paid.purpose.kind === 'product' ? (state.started?.discountCents ?? 0) : 0,
  promotionCode: paid.purpose.kind === 'product' ? (state.started?.promotionCode ?? null) : null,
});

/**
 * A payment the provider reports for other money than it had to collect: a tool's latest start,
 * or a plan invoice's subscription price (`planExpected`), changed at the provider since.
 */
function mismatchOf(
  state: PaymentState,
  paid: PaymentSucceededV1Data,
  planExpected: { amountCents: number; currency: string } | null,
): PaymentEvent | null {
  const started = state.started;
  const expected = paid.purpose.kind === 'product' ? started && expectedOf(started) : planExpected;
  if (!expected) return null;
  if (paid.amountCents === expected.amountCents && paid.currency === expected.currency) return null;
  return {
    type: 'PaymentMismatched',
    data: {
      paymentId: paid.paymentId,
      userId: paid.userId,
      purpose: paid.purpose,
      expectedCents: expected.amountCents,
      expectedCurrency: expected.currency,
      paidCents: paid.amountCents,
      paidCurrency: paid.currency,
      provider: paid.provider,
      providerPaymentId: paid.providerPaymentId,
      description: paid.description,
      paidAt: paid.paidAt,
    },
  };
}

/** The user a payment belongs to, once anything of it is known. */
export const paymentUserOf = (state: PaymentState): string | undefined =>
  state.succeeded?.userId ?? state.started?.userId;

function refunded(state: PaymentState, totalCents: number, refundedAt: string): PaymentEvent[] {
  const paid = state.succeeded;
  if (!paid || totalCents <= state.refundedCents) return [];
  const amountCents = totalCents - state.refundedCents;
  const full = totalCents >= paid.amountCents;
  // A plan's refund ends the plan only when staff chose so; any other refund keeps it.
  const planAction =
    paid.purpose.kind === 'subscription' ? (state.pendingRefund?.planAction ?? 'keep') : null;
  const { paymentId, userId, purpose } = paid;
  return [
    {
      type: 'PaymentRefunded',
      data: { paymentId, userId, purpose, amountCents, full, planAction, refundedAt },
    },
  ];
}

function disputed(paid: PaymentSucceededV1Data, facts: DisputeFacts): PaymentEvent[] {
  const { paymentId, userId, purpose, amountCents, currency } = paid;
  const { disputeId, reason, inquiry, evidenceDueBy } = facts;
  return [
    {
      type: 'PaymentDisputed',
      data: {
        paymentId,
        userId,
        purpose,
        disputeId,
        reason,
        inquiry,
        amountCents,
        currency,
        evidenceDueBy,
      },
    },
  ];
}

function closed(
  paid: PaymentSucceededV1Data,
  disputeId: string,
  outcome: DisputeOutcome,
): PaymentEvent[] {
  const { paymentId, userId, purpose } = paid;
  return [{ type: 'DisputeClosed', data: { paymentId, userId, purpose, disputeId, outcome } }];
}

const factsOf = (disputeId: string, d: DisputeState): DisputeFacts => ({
  disputeId,
  reason: d.reason,
  inquiry: d.inquiry,
  evidenceDueBy: d.evidenceDueBy,
});

/** What was remembered before the success, announced right after it, in the provider's order. */
function earlyNews(state: PaymentState, paid: PaymentSucceededV1Data): PaymentEvent[] {
  const events: PaymentEvent[] = [];
  if (state.notedRefund) {
    const { totalCents, refundedAt } = state.notedRefund;
    events.push(...refunded({ ...state, succeeded: paid }, totalCents, refundedAt));
  }
  for (const [disputeId, dispute] of Object.entries(state.disputes)) {
    events.push(...disputed(paid, factsOf(disputeId, dispute)));
    if (dispute.outcome) events.push(...closed(paid, disputeId, dispute.outcome));
  }
  return events;
}

/**
 * One payment, whichever path reports it and in whatever order: confirm-payment and the
 * webhooks may both say it succeeded (one PaymentSucceeded), a refund or dispute may arrive
 * before the success (remembered, announced after it), a failure of an earlier attempt may
 * arrive after the success (ignored).
 */
export const paymentDecider: Decider<PaymentCommand, PaymentState, PaymentEvent> = {
  name: 'billing-payment',
  initialState: () => ({
    started: null,
    mismatched: null,
    providerPaymentId: null,
    succeeded: null,
    failedAttempts: [],
    refundedCents: 0,
    notedRefund: null,
    pendingRefund: null,
    refundTwinDue: false,
    disputes: {},
    receiptUrl: null,
    receiptSent: false,
    renewalFailureNotified: false,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentStarted': {
        const { userId, purpose, amountCents, currency, description } = event.data;
        const discountCents = event.data.discountCents ?? 0;
        const promotionCode = event.data.promotionCode ?? null;
        return {
          ...state,
          started: {
            userId,
            purpose,
            amountCents,
            currency,
            description,
            discountCents,
            promotionCode,
          },
        };
      }
      case 'PaymentMismatched':
        return {
          ...state,
          mismatched: {
            providerPaymentId: event.data.providerPaymentId,
            paidCents: event.data.paidCents,
            paidCurrency: event.data.paidCurrency,
          },
        };
      case 'PaymentIntentAttached':
        return { ...state, providerPaymentId: event.data.providerPaymentId };
      case 'PaymentSucceeded':
        return {
          ...state,
          succeeded: event.data,
          providerPaymentId: event.data.providerPaymentId,
        };
      case 'PaymentAttemptFailed':
        return { ...state, failedAttempts: [...state.failedAttempts, event.data.attempt] };
      case 'PaymentFailed':
        return state;
      case 'PaymentReceiptRecorded':
        return { ...state, receiptUrl: event.data.receiptUrl };
      case 'RefundNoted':
        return {
          ...state,
          notedRefund: {
            totalCents: event.data.refundedTotalCents,
            refundedAt: event.data.refundedAt,
          },
        };
      case 'RefundRequested': {
        const { amountCents, refundedBeforeCents, planAction } = event.data;
        return { ...state, pendingRefund: { amountCents, refundedBeforeCents, planAction } };
      }
      case 'RefundRequestWithdrawn':
        return { ...state, pendingRefund: null };
      case 'PaymentRefunded':
        if (isV1Twin(event)) {
          // Streams written before v2 hold only v1 refunds: those count; a twin does not.
          if (state.refundTwinDue) return { ...state, refundTwinDue: false };
          return { ...state, refundedCents: state.refundedCents + event.data.amountCents };
        }
        return {
          ...state,
          refundedCents: state.refundedCents + event.data.amountCents,
          pendingRefund: null,
          refundTwinDue: true,
        };
      case 'DisputeNoted':
        return {
          ...state,
          disputes: {
            ...state.disputes,
            [event.data.disputeId]: {
              reason: event.data.reason,
              inquiry: event.data.inquiry ?? false,
              evidenceDueBy: event.data.evidenceDueBy ?? null,
              outcome: event.data.outcome,
              announced: false,
              announcedInquiry: false,
              closed: false,
            },
          },
        };
      case 'PaymentDisputed': {
        const known = state.disputes[event.data.disputeId];
        if (isV1Twin(event) && known?.announced) return state;
        const v2 = isV1Twin(event)
          ? null
          : (event.data as { inquiry: boolean; evidenceDueBy: string | null });
        const inquiry = v2?.inquiry ?? false;
        return {
          ...state,
          disputes: {
            ...state.disputes,
            [event.data.disputeId]: {
              reason: event.data.reason,
              inquiry,
              evidenceDueBy: v2?.evidenceDueBy ?? known?.evidenceDueBy ?? null,
              outcome: known?.outcome ?? null,
              announced: true,
              announcedInquiry: inquiry,
              closed: known?.closed ?? false,
            },
          },
        };
      }
      case 'DisputeClosed': {
        const known = state.disputes[event.data.disputeId];
        if (isV1Twin(event) && known?.closed) return state;
        return {
          ...state,
          disputes: {
            ...state.disputes,
            [event.data.disputeId]: {
              reason: known?.reason ?? 'unknown',
              inquiry: known?.inquiry ?? false,
              evidenceDueBy: known?.evidenceDueBy ?? null,
              outcome: event.data.outcome,
              announced: known?.announced ?? true,
              announcedInquiry: known?.announcedInquiry ?? false,
              closed: true,
            },
          },
        };
      }
      case 'ReceiptSent':
        return { ...state, receiptSent: true };
      case 'RenewalFailureNotified':
        return { ...state, renewalFailureNotified: true };
    }
  },
  decide(command, state, { now }) {
    switch (command.kind) {
      case 'start': {
        if (state.started || state.succeeded || state.mismatched) return [];
        const { kind: _kind, ...data } = command;
        return [
          { type: 'PaymentStarted', data: { ...data, discountCents: data.discountCents ?? 0 } },
        ];
      }
      case 'reprice': {
        if (state.succeeded || state.mismatched) return [];
        if (state.started && sameTerms(state.started, command)) return [];
        const { kind: _kind, ...data } = command;
        return [
          { type: 'PaymentStarted', data: { ...data, discountCents: data.discountCents ?? 0 } },
        ];
      }
      case 'attach-intent':
        if (state.succeeded || state.providerPaymentId === command.providerPaymentId) return [];
        return [
          {
            type: 'PaymentIntentAttached',
            data: { paymentId: command.paymentId, providerPaymentId: command.providerPaymentId },
          },
        ];
      case 'succeed': {
        if (state.succeeded) return [];
        // Reported again (the webhook after confirm-payment): already under review.
        if (state.mismatched?.providerPaymentId === command.payment.providerPaymentId) return [];
        const owner = paymentUserOf(state);
        if (owner !== undefined && owner !== command.payment.userId) {
          throw new DomainError(
            'conflict',
            'payment_owner_mismatch',
            'The provider reported this payment for another user',
          );
        }
        const paid = command.payment;
        // Not the money the checkout fixed: no PaymentSucceeded, so nothing is granted.
        const mismatch = mismatchOf(state, paid, command.expected ?? null);
        if (mismatch) return [mismatch];
        return [
          { type: 'PaymentSucceeded', data: withDiscount(state, paid) },
          ...(command.receiptUrl
            ? [
                {
                  type: 'PaymentReceiptRecorded' as const,
                  data: { paymentId: paid.paymentId, receiptUrl: command.receiptUrl },
                },
              ]
            : []),
          ...earlyNews(state, paid),
        ];
      }
      case 'fail':
        if (state.succeeded || state.failedAttempts.includes(command.attempt)) return [];
        return [
          {
            type: 'PaymentAttemptFailed',
            data: { paymentId: command.failure.paymentId, attempt: command.attempt },
          },
          { type: 'PaymentFailed', data: command.failure },
        ];
      case 'refund': {
        if (state.succeeded) {
          return refunded(state, command.refundedTotalCents, command.refundedAt);
        }
        if (command.refundedTotalCents <= (state.notedRefund?.totalCents ?? 0)) return [];
        return [
          {
            type: 'RefundNoted',
            data: {
              paymentId: command.paymentId,
              refundedTotalCents: command.refundedTotalCents,
              refundedAt: command.refundedAt,
            },
          },
        ];
      }
      case 'request-refund':
        return [refundRequestOf(command, state, now)];
      case 'withdraw-refund-request':
        if (!state.pendingRefund) return [];
        return [
          {
            type: 'RefundRequestWithdrawn',
            data: { paymentId: command.paymentId, reason: command.reason.slice(0, 500) },
          },
        ];
      case 'dispute': {
        const { kind: _kind, paymentId, ...facts } = command;
        const known = state.disputes[facts.disputeId];
        if (!state.succeeded) {
          if (known && !(known.inquiry && !facts.inquiry)) return [];
          return [
            {
              type: 'DisputeNoted',
              data: { paymentId, ...facts, outcome: known?.outcome ?? null },
            },
          ];
        }
        if (known?.closed) return [];
        // Announced once; an inquiry that becomes a chargeback is announced again (v2 only).
        if (known?.announced && (known.announcedInquiry === facts.inquiry || facts.inquiry)) {
          return [];
        }
        return disputed(state.succeeded, facts);
      }
      case 'close-dispute': {
        const { kind: _kind, paymentId, outcome, ...facts } = command;
        const known = state.disputes[facts.disputeId];
        if (!state.succeeded) {
          if (known?.outcome) return [];
          return [
            {
              type: 'DisputeNoted',
              data: {
                paymentId,
                ...facts,
                reason: known?.reason ?? facts.reason,
                outcome,
              },
            },
          ];
        }
        if (known?.closed) return [];
        return [
          ...(known?.announced ? [] : disputed(state.succeeded, facts)),
          ...closed(state.succeeded, facts.disputeId, outcome),
        ];
      }
      case 'mark-receipt-sent':
        if (!state.succeeded || state.receiptSent) return [];
        return [{ type: 'ReceiptSent', data: { paymentId: command.paymentId } }];
      case 'mark-renewal-failure-notified':
        if (state.succeeded || state.renewalFailureNotified) return [];
        return [{ type: 'RenewalFailureNotified', data: { paymentId: command.paymentId } }];
    }
  },
  read: readPaymentEvent,
  versionOf: versionOfPaymentEvent,
};
