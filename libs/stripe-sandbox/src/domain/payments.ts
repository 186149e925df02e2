import type Stripe from 'stripe';
import { chargeOutcome, disputesAfterCharge, inquiresAfterCharge } from '../cards.js';
import type { Core } from '../core.js';
import { cardError, docUrl, type CardFailure, type StripeApiError } from '../errors.js';
import { chargeObject } from '../objects/charge.js';
import { render } from '../render.js';
import { openDispute } from './disputes.js';
import { openInquiry } from './inquiries.js';
import { customerId } from './payment-methods.js';

export type ChargeResult =
  | { ok: true; charge: Stripe.Charge }
  | { ok: false; failure: CardFailure; charge: Stripe.Charge | null };

/** Records a failed attempt on the PaymentIntent the way Stripe reports it. */
export function recordPaymentFailure(
  core: Core,
  pi: Stripe.PaymentIntent,
  failure: CardFailure,
  paymentMethod: Stripe.PaymentMethod | null,
  charge: Stripe.Charge | null,
): void {
  pi.status = 'requires_payment_method';
  pi.payment_method = null;
  pi.last_payment_error = {
    type: 'card_error',
    code: failure.code as Stripe.PaymentIntent.LastPaymentError.Code,
    ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
    doc_url: docUrl(failure.code),
    message: failure.message,
    ...(failure.param ? { param: failure.param } : {}),
    ...(charge ? { charge: charge.id } : {}),
    ...(paymentMethod
      ? { payment_method: structuredClone(paymentMethod), payment_method_type: 'card' }
      : {}),
  };
}

/**
 * Charges a PaymentIntent to a card payment method: a Charge either way, the PaymentIntent
 * succeeded or back to requires_payment_method, its event, and a dispute later for 0259.
 */
export function chargePaymentIntent(
  core: Core,
  pi: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
): ChargeResult {
  const card = core.state.cards.get(paymentMethod.id);
  if (!card) throw new Error(`payment method ${paymentMethod.id} has no card`);
  const outcome = chargeOutcome(card, core.clock.now());
  const failure = outcome.ok ? null : outcome.failure;
  const charge = chargeObject({
    created: core.clock.now(),
    paymentIntent: pi,
    paymentMethod: paymentMethod.id,
    card,
    failure,
    receiptBaseUrl: core.options.publicUrl,
  });
  core.state.charges.set(charge.id, charge);
  pi.latest_charge = charge.id;

  if (failure) {
    recordPaymentFailure(core, pi, failure, paymentMethod, charge);
    core.emit('payment_intent.payment_failed', pi);
    return { ok: false, failure, charge };
  }

  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.payment_method = paymentMethod.id;
  pi.last_payment_error = null;
  const customer = customerId(pi.customer);
  // Stripe saves the card on the customer when the payment was set up for future use.
  if (customer && pi.setup_future_usage && paymentMethod.customer === null) {
    paymentMethod.customer = customer;
  }
  core.emit('payment_intent.succeeded', pi);
  if (disputesAfterCharge(card)) {
    core.later(core.options.disputeDelayMs, () => openDispute(core, charge.id));
  }
  if (inquiresAfterCharge(card)) {
    core.later(core.options.disputeDelayMs, () => openInquiry(core, charge.id));
  }
  return { ok: true, charge };
}

/** Stripe's 402 for a declined confirm, carrying the PaymentIntent as it now stands. */
export function paymentDeclined(
  core: Core,
  pi: Stripe.PaymentIntent,
  failure: CardFailure,
  charge: Stripe.Charge | null,
): StripeApiError {
  const paymentMethod = pi.last_payment_error?.payment_method;
  return cardError(failure, {
    ...(charge ? { charge: charge.id } : {}),
    payment_intent: render(core.state, pi),
    ...(paymentMethod ? { payment_method: render(core.state, paymentMethod) } : {}),
  });
}
