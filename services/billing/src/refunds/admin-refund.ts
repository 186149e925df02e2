import Stripe from 'stripe';
import type { AdminRefundResponse } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { paymentDecider } from '../payments/payment-decider.js';
import { providerError } from '../provider/provider-errors.js';
import { idOf, isoOf } from '../provider/views.js';
import { paymentStreamId } from '../shared/ids.js';
import { transact } from '../shared/transact.js';
import { applyChargeNews, loadChargeFacts } from './charge-facts.js';

/** The terms' refund policy, shown to the admin; deciding is theirs, not the code's. */
export const REFUND_POLICY =
  'Las solicitudes de reembolso se atienden dentro de los 7 días posteriores a la compra y se evalúan caso por caso.';
const POLICY_DAYS = 7;

/** A full refund through the provider; PaymentRefunded follows (and the webhook changes nothing). */
export async function refundPayment(
  billing: Billing,
  adminId: string,
  paymentId: string,
): Promise<AdminRefundResponse> {
  const { state } = await billing.commands.load(paymentStreamId(paymentId), paymentDecider);
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
  if (state.refundedCents >= paid.amountCents) {
    throw new DomainError('conflict', 'already_refunded', 'Este pago ya fue reembolsado.');
  }

  let refund: Stripe.Refund;
  try {
    refund = await billing.provider.stripe.refunds.create(
      {
        payment_intent: paid.providerPaymentId,
        reason: 'requested_by_customer',
        metadata: { paymentId, refundedBy: adminId },
      },
      { idempotencyKey: `refund-${paymentId}` },
    );
  } catch (error) {
    // The provider's refusal (a disputed charge, one refunded elsewhere) is the admin's answer.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new DomainError('conflict', error.code ?? 'refund_refused', error.message);
    }
    throw providerError(error);
  }

  const chargeId = idOf(refund.charge);
  const facts = chargeId ? await loadChargeFacts(billing, chargeId) : null;
  if (!facts) throw new Error(`Refund ${refund.id} names no charge of payment ${paymentId}`);
  const refundedAt = isoOf(refund.created);
  await transact(billing, (session) =>
    applyChargeNews(billing, session, facts, {
      kind: 'refund',
      refundedTotalCents: facts.charge.amount_refunded,
      refundedAt,
    }),
  );
  const age = new Date(refundedAt).getTime() - new Date(paid.paidAt).getTime();
  return {
    paymentId,
    status: 'refunded',
    amountCents: refund.amount,
    refundedAt,
    withinPolicy: age <= POLICY_DAYS * 24 * 60 * 60 * 1000,
    policy: REFUND_POLICY,
  };
}
