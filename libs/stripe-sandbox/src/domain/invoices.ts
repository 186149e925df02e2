import { discountForInvoice } from './discounts.js';
import type Stripe from 'stripe';
import { DAY } from '../clock.js';
import type { Core } from '../core.js';
import { invoiceObject, invoicePaymentObject, type InvoiceLineInput } from '../objects/invoice.js';
import { paymentIntentObject } from '../objects/payment-intent.js';
import { chargePaymentIntent, type ChargeResult } from './payments.js';
import {
  activateAfterPayment,
  collectionPaymentMethod,
  endSubscription,
  markPastDue,
} from './subscription-status.js';

const DESCRIPTIONS: Record<string, string> = {
  subscription_create: 'Subscription creation',
  subscription_cycle: 'Subscription cycle',
  subscription_update: 'Subscription update',
};

/**
 * Finalizes a subscription invoice. One with an amount gets a PaymentIntent whose client secret
 * is the invoice's `confirmation_secret`; one for nothing is paid at once.
 */
export function issueInvoice(
  core: Core,
  sub: Stripe.Subscription,
  fields: {
    billingReason: Stripe.Invoice.BillingReason;
    lines: InvoiceLineInput[];
    periodStart: number;
    periodEnd: number;
  },
  /** Runs once the invoice exists and before its events: the subscription's own event goes first. */
  onIssued: (invoice: Stripe.Invoice) => void = () => {},
): Stripe.Invoice {
  const customer = core.state.customers.get(sub.customer as string);
  if (!customer) throw new Error(`subscription ${sub.id} has no customer`);
  const invoice = invoiceObject({
    created: core.clock.now(),
    customer,
    subscription: sub,
    billingReason: fields.billingReason,
    currency: sub.currency,
    lines: fields.lines,
    periodStart: fields.periodStart,
    periodEnd: fields.periodEnd,
    discountCents: discountForInvoice(
      core,
      sub.id,
      fields.lines.reduce((sum, line) => sum + line.amount, 0),
      fields.periodStart,
    ),
  });
  core.state.invoices.set(invoice.id, invoice);
  sub.latest_invoice = invoice.id;
  onIssued(invoice);

  if (invoice.amount_due === 0) {
    invoice.status = 'paid';
    invoice.status_transitions.paid_at = invoice.created;
    core.emit('invoice.finalized', invoice);
    core.emit('invoice.paid', invoice);
    return invoice;
  }

  const pi = paymentIntentObject({
    created: invoice.created,
    amount: invoice.amount_due,
    currency: invoice.currency,
    customer: customer.id,
    description: DESCRIPTIONS[String(fields.billingReason)] ?? null,
    metadata: {},
    receipt_email: null,
    setup_future_usage:
      sub.payment_settings?.save_default_payment_method === 'on_subscription'
        ? 'off_session'
        : null,
    automatic_payment_methods: false,
    payment_method_types: ['card'],
  });
  core.state.paymentIntents.set(pi.id, pi);
  core.state.invoiceOfPaymentIntent.set(pi.id, invoice.id);
  invoice.confirmation_secret = { client_secret: pi.client_secret!, type: 'payment_intent' };
  const payment = invoicePaymentObject({ created: invoice.created, invoice, paymentIntent: pi.id });
  core.state.invoicePayments.set(payment.id, payment);
  invoice.payments!.data.push(payment);
  core.emit('invoice.finalized', invoice);
  return invoice;
}

export function subscriptionOf(core: Core, invoice: Stripe.Invoice): Stripe.Subscription | null {
  const ref = invoice.parent?.subscription_details?.subscription;
  if (!ref) return null;
  return core.state.subscriptions.get(typeof ref === 'string' ? ref : ref.id) ?? null;
}

export function paymentIntentOf(core: Core, invoice: Stripe.Invoice): Stripe.PaymentIntent | null {
  const ref = invoice.payments?.data.find((p) => p.is_default)?.payment.payment_intent;
  if (!ref) return null;
  return core.state.paymentIntents.get(typeof ref === 'string' ? ref : ref.id) ?? null;
}

function markPaid(core: Core, invoice: Stripe.Invoice, pi: Stripe.PaymentIntent): void {
  const now = core.clock.now();
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.attempt_count += 1;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = now;
  core.state.dunning.delete(invoice.id);
  for (const payment of invoice.payments?.data ?? []) {
    if (payment.payment.payment_intent === pi.id) {
      payment.status = 'paid';
      payment.amount_paid = invoice.amount_due;
      payment.status_transitions.paid_at = now;
    }
  }
  core.emit('invoice.paid', invoice);
}

/**
 * A failed attempt. Automatic collection (renewals) is retried on the dunning schedule and,
 * after the last retry, ends the subscription; the first invoice waits for the customer.
 */
function markFailed(core: Core, invoice: Stripe.Invoice, automatic: boolean): void {
  const now = core.clock.now();
  invoice.attempted = true;
  invoice.attempt_count += 1;
  const sub = subscriptionOf(core, invoice);
  let final = false;
  if (automatic && sub) {
    const dunning = core.state.dunning.get(invoice.id) ?? { startedAt: now, failures: 0 };
    dunning.failures += 1;
    core.state.dunning.set(invoice.id, dunning);
    const retryDay = core.options.dunningRetryDays[dunning.failures - 1];
    final = retryDay === undefined;
    invoice.next_payment_attempt = final ? null : dunning.startedAt + retryDay! * DAY;
  }
  if (final) {
    invoice.status = 'uncollectible';
    invoice.status_transitions.marked_uncollectible_at = now;
  }
  core.emit('invoice.payment_failed', invoice);
  if (!sub) return;
  if (final) endSubscription(core, sub, 'payment_failed', now);
  else if (automatic) markPastDue(core, sub);
}

/**
 * Pays an open invoice with a card: on the customer's confirm of its secret (`onSession`) or by
 * automatic collection. Emits payment_intent.*, then invoice.paid / invoice.payment_failed, then
 * the subscription's update.
 */
export function payInvoice(
  core: Core,
  invoice: Stripe.Invoice,
  paymentMethod: Stripe.PaymentMethod,
  mode: 'on_session' | 'automatic',
): ChargeResult {
  const pi = paymentIntentOf(core, invoice);
  if (!pi) throw new Error(`invoice ${invoice.id} has no payment intent`);
  const result = chargePaymentIntent(core, pi, paymentMethod);
  settleInvoice(core, invoice, pi, result, mode);
  return result;
}

/** What follows a charge of an invoice's PaymentIntent, however it was confirmed. */
export function settleInvoice(
  core: Core,
  invoice: Stripe.Invoice,
  pi: Stripe.PaymentIntent,
  result: ChargeResult,
  mode: 'on_session' | 'automatic',
): void {
  const sub = subscriptionOf(core, invoice);
  if (result.ok) {
    markPaid(core, invoice, pi);
    if (sub && typeof pi.payment_method === 'string')
      activateAfterPayment(core, sub, pi.payment_method);
    return;
  }
  markFailed(core, invoice, mode === 'automatic');
}

/** Automatic collection: charge the default card, or fail the attempt when there is none. */
export function collectInvoice(core: Core, invoice: Stripe.Invoice): void {
  if (invoice.status !== 'open') return;
  const sub = subscriptionOf(core, invoice);
  const pmId = sub ? collectionPaymentMethod(core, sub) : null;
  const paymentMethod = pmId ? core.state.paymentMethods.get(pmId) : undefined;
  if (!paymentMethod) {
    markFailed(core, invoice, true);
    return;
  }
  payInvoice(core, invoice, paymentMethod, 'automatic');
}
