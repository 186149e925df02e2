import type Stripe from 'stripe';
import type { Billing } from '../billing.js';
import { callProvider } from '../provider/provider-errors.js';
import {
  idOf,
  isoOf,
  PAYMENT_INTENT_EXPAND,
  subscriptionRefOf,
  subscriptionViewOf,
  type SubscriptionRef,
} from '../provider/views.js';
import type { ProviderSubscriptionView } from './subscription-decider.js';

/** A subscription of ours as the provider holds it now. */
export interface SubscriptionFacts {
  subscription: Stripe.Subscription;
  ref: SubscriptionRef;
  view: ProviderSubscriptionView;
}

/** An invoice of one of our subscriptions, re-read with what paid it. */
export interface InvoiceFacts extends SubscriptionFacts {
  invoice: Stripe.Invoice;
  /** The invoice's PaymentIntent (null for an invoice of nothing). */
  pi: Stripe.PaymentIntent | null;
}

/** Re-reads a subscription; null when it is not one billing created (no ids of ours on it). */
export async function loadSubscriptionFacts(
  billing: Billing,
  providerSubscriptionId: string,
): Promise<SubscriptionFacts | null> {
  const subscription = await callProvider(() =>
    billing.provider.stripe.subscriptions.retrieve(providerSubscriptionId),
  );
  return factsOf(subscription);
}

export function factsOf(subscription: Stripe.Subscription): SubscriptionFacts | null {
  const ref = subscriptionRefOf(subscription.metadata);
  if (!ref) return null;
  // The period's start lets the decider tell a stale re-read from a newer one.
  const item = subscription.items.data[0];
  const start = item?.current_period_start;
  // The quantity is a team plan's paid seats (a personal plan's is 1, never compared).
  const view = {
    ...subscriptionViewOf(subscription),
    ...(typeof start === 'number' ? { currentPeriodStart: isoOf(start) } : {}),
    ...(typeof item?.quantity === 'number' ? { quantity: item.quantity } : {}),
  };
  return { subscription, ref, view };
}

/** The PaymentIntent an invoice is collected with (its default payment). */
export const paymentIntentIdOf = (invoice: Stripe.Invoice): string | null => {
  const payments = invoice.payments?.data ?? [];
  const chosen = payments.find((p) => p.is_default) ?? payments[0];
  return idOf(chosen?.payment.payment_intent);
};

export async function loadInvoiceFacts(
  billing: Billing,
  invoiceId: string,
): Promise<InvoiceFacts | null> {
  const { stripe } = billing.provider;
  const invoice = await callProvider(() =>
    stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }),
  );
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return null;
  const facts = await loadSubscriptionFacts(billing, subscriptionId);
  if (!facts) return null;
  const piId = paymentIntentIdOf(invoice);
  const pi = piId
    ? await callProvider(() =>
        stripe.paymentIntents.retrieve(piId, { expand: PAYMENT_INTENT_EXPAND }),
      )
    : null;
  return { ...facts, invoice, pi };
}

/** The invoice a PaymentIntent pays, if it pays one (subscriptions' PaymentIntents carry no ids of ours). */
export async function invoiceIdOfPaymentIntent(
  billing: Billing,
  paymentIntentId: string,
): Promise<string | null> {
  const found = await callProvider(() =>
    billing.provider.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    }),
  );
  return idOf(found.data[0]?.invoice);
}

/** One collection attempt of an invoice (its attempt count when the attempt failed). */
export const invoiceAttemptKey = (invoice: Pick<Stripe.Invoice, 'id' | 'attempt_count'>): string =>
  `${invoice.id}:attempt-${invoice.attempt_count}`;
