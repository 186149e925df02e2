import type { GiftItem, GiftPaidV1Data } from '@mia/contracts';
import { DomainError, type Decider } from '@mia/service-kit';
import { readGiftEvent, type GiftEvent } from './gift-events.js';
import { checkSendAt } from './gift-rules.js';

type Started = Extract<GiftEvent, { type: 'GiftStarted' }>['data'];

export interface GiftState {
  started: Started | null;
  providerPaymentId: string | null;
  paid: GiftPaidV1Data | null;
  /** The PaymentIntent reported paid for other money (staff review it). */
  mismatchedPaymentId: string | null;
  claimedAt: string | null;
  refundedCents: number;
  pendingRefund: { amountCents: number; refundedBeforeCents: number } | null;
  /** GiftRefunded was announced (refunded in full). */
  refunded: boolean;
  /** Disputes recorded for staff: their last known outcome (null while open). */
  disputes: Record<string, string | null>;
  receiptSent: boolean;
  /** The card that paid (the buyer's receipt shows it). */
  cardLast4: string | null;
}

export type GiftCommand =
  | {
      kind: 'start';
      giftId: string;
      buyerId: string;
      item: GiftItem;
      amountCents: number;
      currency: string;
      recipientEmail: string;
      message: string | null;
      sendAt: string | null;
    }
  | { kind: 'attach-intent'; giftId: string; providerPaymentId: string }
  | {
      kind: 'pay';
      giftId: string;
      buyerId: string;
      providerPaymentId: string;
      amountCents: number;
      currency: string;
      paidAt: string;
      cardLast4: string | null;
      receiptUrl: string | null;
    }
  | { kind: 'note-claim'; giftId: string; recipientId: string; claimedAt: string }
  | { kind: 'request-refund'; giftId: string; adminId: string; amountCents?: number }
  | { kind: 'withdraw-refund-request'; giftId: string; reason: string }
  | { kind: 'refund'; giftId: string; refundedTotalCents: number; refundedAt: string }
  | { kind: 'dispute'; giftId: string; disputeId: string; reason: string; outcome: string | null }
  | { kind: 'mark-receipt-sent'; giftId: string };

function paidOf(state: GiftState): GiftPaidV1Data {
  if (state.paid) return state.paid;
  if (state.started || state.mismatchedPaymentId) {
    throw new DomainError(
      'conflict',
      'not_paid',
      'Este pago no se completó: no hay nada que reembolsar.',
    );
  }
  throw new DomainError('not_found', 'payment_not_found', 'Pago no encontrado.');
}

/**
 * A gift, from its checkout to its refund (ADR 0020): paid once whichever path reports it
 * (confirm-payment, the webhook, a redelivery), announced as GiftPaid and never as a
 * PaymentSucceeded; refunded by staff or the provider, announced as GiftRefunded once in full,
 * saying whether the recipient had claimed it (billing learns that from access's GiftClaimed).
 */
export const giftDecider: Decider<GiftCommand, GiftState, GiftEvent> = {
  name: 'billing-gift',
  initialState: () => ({
    started: null,
    providerPaymentId: null,
    paid: null,
    mismatchedPaymentId: null,
    claimedAt: null,
    refundedCents: 0,
    pendingRefund: null,
    refunded: false,
    disputes: {},
    receiptSent: false,
    cardLast4: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'GiftStarted':
        return { ...state, started: event.data };
      case 'GiftPaymentIntentAttached':
        return { ...state, providerPaymentId: event.data.providerPaymentId };
      case 'GiftPaymentMismatched':
        return { ...state, mismatchedPaymentId: event.data.providerPaymentId };
      case 'GiftPaid':
        return { ...state, paid: event.data, providerPaymentId: event.data.providerPaymentId };
      case 'GiftPaymentDetailsRecorded':
        return { ...state, cardLast4: event.data.cardLast4 };
      case 'GiftClaimNoted':
        return { ...state, claimedAt: event.data.claimedAt };
      case 'GiftRefundRequested': {
        const { amountCents, refundedBeforeCents } = event.data;
        return { ...state, pendingRefund: { amountCents, refundedBeforeCents } };
      }
      case 'GiftRefundRequestWithdrawn':
        return { ...state, pendingRefund: null };
      case 'GiftRefundRecorded':
        return { ...state, refundedCents: event.data.refundedTotalCents, pendingRefund: null };
      case 'GiftRefunded':
        return { ...state, refunded: true };
      case 'GiftDisputeNoted':
        return {
          ...state,
          disputes: { ...state.disputes, [event.data.disputeId]: event.data.outcome },
        };
      case 'GiftReceiptSent':
        return { ...state, receiptSent: true };
    }
  },
  decide(command, state, { now }) {
    switch (command.kind) {
      case 'start': {
        // The same gift started again (a retried request): already decided.
        if (state.started) return [];
        checkSendAt(command.sendAt, now);
        const { kind: _kind, ...data } = command;
        return [
          {
            type: 'GiftStarted',
            data: { ...data, paymentId: command.giftId, startedAt: now.toISOString() },
          },
        ];
      }
      case 'attach-intent':
        if (state.paid || state.providerPaymentId === command.providerPaymentId) return [];
        return [
          {
            type: 'GiftPaymentIntentAttached',
            data: { giftId: command.giftId, providerPaymentId: command.providerPaymentId },
          },
        ];
      case 'pay': {
        const started = state.started;
        // Reported again (the webhook after confirm-payment, a redelivery): one GiftPaid.
        if (state.paid || state.mismatchedPaymentId === command.providerPaymentId) return [];
        if (!started) {
          throw new DomainError('not_found', 'gift_not_found', 'Regalo no encontrado.');
        }
        if (started.buyerId !== command.buyerId) {
          throw new DomainError(
            'conflict',
            'payment_owner_mismatch',
            'The provider reported this gift paid by another user',
          );
        }
        if (command.amountCents !== started.amountCents || command.currency !== started.currency) {
          return [
            {
              type: 'GiftPaymentMismatched',
              data: {
                giftId: started.giftId,
                providerPaymentId: command.providerPaymentId,
                expectedCents: started.amountCents,
                paidCents: command.amountCents,
                paidCurrency: command.currency,
              },
            },
          ];
        }
        return [
          {
            type: 'GiftPaid',
            data: {
              giftId: started.giftId,
              buyerId: started.buyerId,
              paymentId: started.paymentId,
              providerPaymentId: command.providerPaymentId,
              item: started.item,
              amountCents: command.amountCents,
              currency: command.currency,
              recipientEmail: started.recipientEmail,
              message: started.message,
              sendAt: started.sendAt ?? command.paidAt,
              paidAt: command.paidAt,
            },
          },
          {
            type: 'GiftPaymentDetailsRecorded',
            data: {
              giftId: started.giftId,
              cardLast4: command.cardLast4,
              receiptUrl: command.receiptUrl,
            },
          },
        ];
      }
      case 'note-claim':
        if (!state.paid || state.claimedAt) return [];
        return [
          {
            type: 'GiftClaimNoted',
            data: {
              giftId: command.giftId,
              recipientId: command.recipientId,
              claimedAt: command.claimedAt,
            },
          },
        ];
      case 'request-refund': {
        // Unclaimed: nobody has had it, so always refundable; claimed: a tool's rules (any
        // amount still paid, in full or in part; the policy's days are staff's to weigh).
        const paid = paidOf(state);
        const left = paid.amountCents - state.refundedCents;
        if (left <= 0) {
          throw new DomainError('conflict', 'already_refunded', 'Este pago ya fue reembolsado.');
        }
        const amountCents = command.amountCents ?? left;
        if (amountCents > left) {
          throw new DomainError(
            'invalid',
            'refund_too_large',
            `Solo quedan ${left} céntimos por reembolsar de este pago.`,
          );
        }
        return [
          {
            type: 'GiftRefundRequested',
            data: {
              giftId: command.giftId,
              amountCents,
              refundedBeforeCents: state.refundedCents,
              requestedBy: command.adminId,
              requestedAt: now.toISOString(),
            },
          },
        ];
      }
      case 'withdraw-refund-request':
        if (!state.pendingRefund) return [];
        return [
          {
            type: 'GiftRefundRequestWithdrawn',
            data: { giftId: command.giftId, reason: command.reason.slice(0, 500) },
          },
        ];
      case 'refund': {
        const paid = state.paid;
        // Before the payment is recorded there is nothing of ours to give back: the caller
        // records the payment first (the provider's state), then the refund.
        if (!paid || command.refundedTotalCents <= state.refundedCents) return [];
        const total = Math.min(command.refundedTotalCents, paid.amountCents);
        const events: GiftEvent[] = [
          {
            type: 'GiftRefundRecorded',
            data: {
              giftId: paid.giftId,
              paymentId: paid.paymentId,
              amountCents: total - state.refundedCents,
              refundedTotalCents: total,
              refundedAt: command.refundedAt,
              item: paid.item,
            },
          },
        ];
        if (total >= paid.amountCents && !state.refunded) {
          events.push({
            type: 'GiftRefunded',
            data: {
              giftId: paid.giftId,
              buyerId: paid.buyerId,
              paymentId: paid.paymentId,
              amountCents: total,
              refundedAt: command.refundedAt,
              wasClaimed: state.claimedAt !== null,
            },
          });
        }
        return events;
      }
      case 'dispute': {
        const { disputeId, reason, outcome } = command;
        if (disputeId in state.disputes && state.disputes[disputeId] === outcome) return [];
        return [
          {
            type: 'GiftDisputeNoted',
            data: { giftId: command.giftId, disputeId, reason, outcome },
          },
        ];
      }
      case 'mark-receipt-sent':
        if (!state.paid || state.receiptSent) return [];
        return [{ type: 'GiftReceiptSent', data: { giftId: command.giftId } }];
    }
  },
  read: readGiftEvent,
};
