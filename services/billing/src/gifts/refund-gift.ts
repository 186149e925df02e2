import Stripe from 'stripe';
import type { AdminRefundRequest, AdminRefundResponse } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { providerError } from '../provider/provider-errors.js';
import { idOf, isoOf } from '../provider/views.js';
import { loadChargeFacts } from '../refunds/charge-facts.js';
import { transact } from '../shared/transact.js';
import { applyGiftChargeNews } from './gift-charge-news.js';
import { giftDecider } from './gift-decider.js';
import { giftStreamId } from './gift-events.js';
import { giftRefundWithinPolicy } from './gift-rules.js';

/** Whether a payment id is a gift's (a gift's payment id is its gift id). */
export async function isGiftPayment(billing: Billing, paymentId: string): Promise<boolean> {
  const { state } = await billing.commands.load(giftStreamId(paymentId), giftDecider);
  return state.started !== null;
}

/**
 * Staff's refund of a gift's payment (POST /api/admin/refunds by payment id): decided on the
 * gift's stream first, then asked of the provider with an idempotency key of the request, then
 * recorded as the provider reports it (the webhook may record it first: one GiftRefunded). An
 * unclaimed gift may always be refunded; a claimed one follows a tool's rules (any amount still
 * paid; `withinPolicy` counts the policy's days from the payment). There is no plan to cancel:
 * a gifted plan period is prepaid, and access ends it on GiftRefunded.
 */
export async function refundGift(
  billing: Billing,
  adminId: string,
  request: AdminRefundRequest,
  policy: { text: string; days: number },
): Promise<AdminRefundResponse> {
  const giftId = request.paymentId;
  const stream = giftStreamId(giftId);
  const { decided, state } = await transact(billing, (session) =>
    billing.commands.handleIn(session, stream, giftDecider, {
      kind: 'request-refund',
      giftId,
      adminId,
      ...(request.amountCents === undefined ? {} : { amountCents: request.amountCents }),
    }),
  );
  const asked = decided.find((e) => e.type === 'GiftRefundRequested');
  const paid = state.paid;
  if (!asked || asked.type !== 'GiftRefundRequested' || !paid) {
    throw new Error(`Refund of gift ${giftId} was not recorded`);
  }
  const { amountCents, refundedBeforeCents } = asked.data;
  let refund: Stripe.Refund;
  try {
    refund = await billing.provider.stripe.refunds.create(
      {
        payment_intent: paid.providerPaymentId,
        amount: amountCents,
        reason: 'requested_by_customer',
        metadata: { paymentId: giftId, giftId, refundedBy: adminId },
      },
      { idempotencyKey: `refund-${giftId}-${refundedBeforeCents}-${amountCents}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      await transact(billing, (session) =>
        billing.commands.handleIn(session, stream, giftDecider, {
          kind: 'withdraw-refund-request',
          giftId,
          reason: error.message,
        }),
      );
      throw new DomainError('conflict', error.code ?? 'refund_refused', error.message);
    }
    throw providerError(error);
  }
  const chargeId = idOf(refund.charge);
  const facts = chargeId ? await loadChargeFacts(billing, chargeId) : null;
  const gift = facts?.gift;
  if (!facts || !gift) throw new Error(`Refund ${refund.id} names no charge of gift ${giftId}`);
  const refundedAt = isoOf(refund.created);
  const after = await transact(billing, (session) =>
    applyGiftChargeNews(
      billing,
      session,
      { charge: facts.charge, gift },
      { kind: 'refund', refundedTotalCents: facts.charge.amount_refunded, refundedAt },
    ),
  );
  return {
    paymentId: giftId,
    status: 'refunded',
    amountCents: refund.amount,
    refundedAt,
    withinPolicy: giftRefundWithinPolicy({
      claimed: state.claimedAt !== null,
      paidAt: paid.paidAt,
      refundedAt,
      policyDays: policy.days,
    }),
    policy: policy.text,
    full: after.refundedCents >= paid.amountCents,
    planAction: null,
  };
}
