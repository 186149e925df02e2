import Stripe from 'stripe';
import type { AdminRefundRequest, AdminRefundResponse } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { cancelPlanNow } from '../disputes/cancel-plan-now.js';
import { isGiftPayment, refundGift } from '../gifts/refund-gift.js';
import { paymentDecider } from '../payments/payment-decider.js';
import { providerError } from '../provider/provider-errors.js';
import { idOf, isoOf } from '../provider/views.js';
import { paymentStreamId, subscriptionStreamId } from '../shared/ids.js';
import { transact } from '../shared/transact.js';
import { applySubscription } from '../subscriptions/apply-subscription.js';
import { subscriptionDecider } from '../subscriptions/subscription-decider.js';
import { applyChargeNews, loadChargeFacts } from './charge-facts.js';

/** The terms' refund policy, shown to the admin; deciding is theirs, not the code's. */
export const REFUND_POLICY =
  'Las solicitudes de reembolso se atienden dentro de los 7 días posteriores a la compra y se evalúan caso por caso.';
const POLICY_DAYS = 7;

/**
 * A refund through the provider (the whole remaining amount, or `amountCents`). The request is
 * decided and recorded first (refund-policy.ts), so the refund the provider reports, by this
 * path or the webhook, carries the plan action; `cancel_now` then ends the plan at the provider
 * and here. No provider call runs inside a transaction.
 */
export async function refundPayment(
  billing: Billing,
  adminId: string,
  request: AdminRefundRequest,
): Promise<AdminRefundResponse> {
  const { paymentId } = request;
  // A gift's payment is refunded on the gift's stream (its refund is a GiftRefunded).
  if (await isGiftPayment(billing, paymentId)) {
    return refundGift(billing, adminId, request, { text: REFUND_POLICY, days: POLICY_DAYS });
  }
  const { decided, state } = await transact(billing, (session) =>
    billing.commands.handleIn(session, paymentStreamId(paymentId), paymentDecider, {
      kind: 'request-refund',
      paymentId,
      adminId,
      planAction: request.planAction,
      amountCents: request.amountCents,
    }),
  );
  const asked = decided.find((e) => e.type === 'RefundRequested');
  const paid = state.succeeded;
  if (!asked || asked.type !== 'RefundRequested' || !paid) {
    throw new Error(`Refund of payment ${paymentId} was not recorded`);
  }
  const { amountCents, refundedBeforeCents, planAction } = asked.data;
  let refund: Stripe.Refund;
  try {
    refund = await billing.provider.stripe.refunds.create(
      {
        payment_intent: paid.providerPaymentId,
        amount: amountCents,
        reason: 'requested_by_customer',
        metadata: { paymentId, refundedBy: adminId, planAction: planAction ?? '' },
      },
      // The same request on the same payment is the same refund, however often it is retried.
      { idempotencyKey: `refund-${paymentId}-${refundedBeforeCents}-${amountCents}` },
    );
  } catch (error) {
    // The provider's refusal (a disputed charge, one refunded elsewhere) is the admin's answer,
    // and its plan action must not ride on a later refund made elsewhere.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      await transact(billing, (session) =>
        billing.commands.handleIn(session, paymentStreamId(paymentId), paymentDecider, {
          kind: 'withdraw-refund-request',
          paymentId,
          reason: error.message,
        }),
      );
      throw new DomainError('conflict', error.code ?? 'refund_refused', error.message);
    }
    throw providerError(error);
  }
  const chargeId = idOf(refund.charge);
  const facts = chargeId ? await loadChargeFacts(billing, chargeId) : null;
  if (!facts) throw new Error(`Refund ${refund.id} names no charge of payment ${paymentId}`);
  const refundedAt = isoOf(refund.created);
  const after = await transact(billing, (session) =>
    applyChargeNews(billing, session, facts, {
      kind: 'refund',
      refundedTotalCents: facts.charge.amount_refunded,
      refundedAt,
    }),
  );
  if (planAction === 'cancel_now' && paid.purpose.kind === 'subscription') {
    await endPlanNow(billing, paid.purpose.subscriptionId, paymentId);
  }
  const age = new Date(refundedAt).getTime() - new Date(paid.paidAt).getTime();
  return {
    paymentId,
    status: 'refunded',
    amountCents: refund.amount,
    refundedAt,
    withinPolicy: age <= POLICY_DAYS * 24 * 60 * 60 * 1000,
    policy: REFUND_POLICY,
    full: after.refundedCents >= paid.amountCents,
    planAction,
  };
}

/** `cancel_now`: the plan is cancelled at the provider and ended here (SubscriptionEnded). */
async function endPlanNow(billing: Billing, subscriptionId: string, paymentId: string) {
  const { state } = await billing.commands.load(
    subscriptionStreamId(subscriptionId),
    subscriptionDecider,
  );
  if (!state.providerSubscriptionId) return;
  const ended = await cancelPlanNow(
    billing,
    state.providerSubscriptionId,
    `refund of payment ${paymentId}`,
  );
  if (ended) await transact(billing, (session) => applySubscription(billing, session, ended));
}
