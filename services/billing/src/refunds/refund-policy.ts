import type { RefundPlanAction } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { PaymentCommand, PaymentState } from '../payments/payment-state.js';
import type { PaymentEvent } from '../payments/payment-events.js';

type RefundRequest = Extract<PaymentCommand, { kind: 'request-refund' }>;

/**
 * Staff's refund, decided before the provider is asked (issue 20, item 3):
 * - only a paid payment with something left to refund;
 * - `amountCents` refunds part of it (never more than is left);
 * - a plan payment refunded in full needs `planAction`: `cancel_now` ends the plan, `keep` is
 *   goodwill; a partial refund of a plan keeps it (and cannot cancel it);
 * - a tool needs no plan action (its full refund revokes it, a partial one does not).
 */
export function refundRequestOf(
  command: RefundRequest,
  state: PaymentState,
  now: Date,
): PaymentEvent {
  const paid = state.succeeded;
  if (!paid) {
    if (state.started || state.failedAttempts.length > 0) {
      throw new DomainError(
        'conflict',
        'not_paid',
        'Este pago no se completó: no hay nada que reembolsar.',
      );
    }
    throw new DomainError('not_found', 'payment_not_found', 'Pago no encontrado.');
  }
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
  const partial = amountCents < left;
  let planAction: RefundPlanAction | null = null;
  if (paid.purpose.kind === 'subscription') {
    if (partial) {
      if (command.planAction === 'cancel_now') {
        throw new DomainError(
          'invalid',
          'partial_refund_keeps_plan',
          'Un reembolso parcial mantiene el plan: para cancelarlo, reembolsa el pago completo.',
        );
      }
      planAction = 'keep';
    } else if (!command.planAction) {
      throw new DomainError(
        'invalid',
        'plan_action_required',
        'Es el pago de un plan: indica si se cancela ya (cancel_now) o se mantiene (keep).',
      );
    } else {
      planAction = command.planAction;
    }
  }
  return {
    type: 'RefundRequested',
    data: {
      paymentId: paid.paymentId,
      amountCents,
      refundedBeforeCents: state.refundedCents,
      planAction,
      requestedBy: command.adminId,
      requestedAt: now.toISOString(),
    },
  };
}
