import type Stripe from 'stripe';
import { changedFrom, snapshot, type Core } from '../core.js';

/** Applies `change` to a subscription and emits customer.subscription.updated if anything moved. */
export function updateSubscription(
  core: Core,
  sub: Stripe.Subscription,
  change: (sub: Stripe.Subscription) => void,
): boolean {
  const before = snapshot(core.state, sub);
  change(sub);
  const previous = changedFrom(before, snapshot(core.state, sub));
  if (Object.keys(previous).length === 0) return false;
  core.emit('customer.subscription.updated', sub, previous);
  return true;
}

/** The card automatic collection charges: the subscription's, else the customer's default. */
export function collectionPaymentMethod(core: Core, sub: Stripe.Subscription): string | null {
  const own = sub.default_payment_method;
  if (own) return typeof own === 'string' ? own : own.id;
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  const customer = core.state.customers.get(customerId);
  const fallback = customer?.invoice_settings.default_payment_method ?? null;
  return fallback === null ? null : typeof fallback === 'string' ? fallback : fallback.id;
}

/** A paid invoice makes the subscription active and, when asked, saves the card on it. */
export function activateAfterPayment(
  core: Core,
  sub: Stripe.Subscription,
  paymentMethod: string,
): void {
  updateSubscription(core, sub, (s) => {
    if (s.status === 'incomplete' || s.status === 'past_due' || s.status === 'unpaid') {
      s.status = 'active';
    }
    if (s.payment_settings?.save_default_payment_method === 'on_subscription') {
      s.default_payment_method = paymentMethod;
    }
  });
}

export function markPastDue(core: Core, sub: Stripe.Subscription): void {
  if (sub.status !== 'active') return;
  updateSubscription(core, sub, (s) => {
    s.status = 'past_due';
  });
}

export type EndReason = Stripe.Subscription.CancellationDetails.Reason;

/** Ends a subscription (customer.subscription.deleted) and stops collecting its open invoices. */
export function endSubscription(
  core: Core,
  sub: Stripe.Subscription,
  reason: EndReason,
  at: number,
): void {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
  sub.status = 'canceled';
  sub.ended_at = at;
  sub.canceled_at = sub.canceled_at ?? at;
  sub.cancel_at = null;
  sub.cancellation_details = {
    ...(sub.cancellation_details ?? { comment: null, feedback: null, feedback_option: null }),
    reason,
  };
  for (const invoice of core.state.invoices.values()) {
    const owner = invoice.parent?.subscription_details?.subscription;
    if (owner === sub.id && invoice.status === 'open') invoice.next_payment_attempt = null;
  }
  core.emit('customer.subscription.deleted', sub);
}
