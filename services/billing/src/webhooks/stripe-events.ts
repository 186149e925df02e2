import type Stripe from 'stripe';
import { isProcessed, processOnce } from '@mia/service-kit';
import { z } from 'zod';
import type { Billing } from '../billing.js';
import { customerDecider, activeSubscriptionOf } from '../customers/customer-decider.js';
import { applyGiftPayment } from '../gifts/apply-gift-payment.js';
import { giftRefOf } from '../gifts/gift-ref.js';
import { applyPurchase } from '../payments/apply-purchase.js';
import { saveCard } from '../payments/payment-commands.js';
import { callProvider } from '../provider/provider-errors.js';
import {
  cardOfPaymentMethod,
  failureOfPaymentIntent,
  idOf,
  PAYMENT_INTENT_EXPAND,
  purchaseRefOf,
  subscriptionRefOf,
  type AttemptFailure,
} from '../provider/views.js';
import { onChargeDispute } from '../disputes/on-charge-dispute.js';
import { onChargeRefunded } from '../refunds/on-charge-refunded.js';
import { customerStreamId, subscriptionStreamId } from '../shared/ids.js';
import { retryOnConflict, type Session } from '../shared/transact.js';
import { applyInvoice, applySubscription } from '../subscriptions/apply-subscription.js';
import { subscriptionDecider } from '../subscriptions/subscription-decider.js';
import {
  invoiceAttemptKey,
  loadInvoiceFacts,
  loadSubscriptionFacts,
} from '../subscriptions/subscription-facts.js';

/** The inbox consumer name under which provider event ids are recorded. */
export const STRIPE_INBOX = 'stripe-webhooks';

type Effect = (session: Session) => Promise<unknown>;

const uuid = z.uuid();

/**
 * What an event means for billing, read from the provider as it is now (a webhook's body may
 * be older than other news already applied): the provider reads happen here, before any
 * transaction, and the returned effect only decides. Null: nothing of ours.
 */
async function effectOf(billing: Billing, event: Stripe.Event): Promise<Effect | null> {
  const { stripe } = billing.provider;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const body = event.data.object;
      // A gift's payment is the gift's (GiftPaid), never a purchase of the buyer's.
      const gift = giftRefOf(body);
      if (gift) {
        const pi = await callProvider(() =>
          stripe.paymentIntents.retrieve(body.id, { expand: PAYMENT_INTENT_EXPAND }),
        );
        return (session) => applyGiftPayment(billing, session, gift, pi);
      }
      const ref = purchaseRefOf(body);
      // Invoices' PaymentIntents carry no ids of ours: the invoice.* events report them.
      if (!ref) return null;
      const pi = await callProvider(() =>
        stripe.paymentIntents.retrieve(body.id, { expand: PAYMENT_INTENT_EXPAND }),
      );
      // The failed attempt is a fact of the past: the body reports it even after a later success.
      const reported =
        event.type === 'payment_intent.payment_failed'
          ? failureOfPaymentIntent(body, billing.clock())
          : null;
      return (session) => applyPurchase(billing, session, ref, pi, reported);
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const body = event.data.object;
      const facts = await loadInvoiceFacts(billing, body.id);
      if (!facts) return null;
      let reported: AttemptFailure | null = null;
      if (event.type === 'invoice.payment_failed') {
        const failure = facts.pi ? failureOfPaymentIntent(facts.pi, billing.clock()) : null;
        reported = {
          attempt: invoiceAttemptKey(body),
          code: failure?.code ?? 'payment_failed',
          message: failure?.message ?? 'No se pudo cobrar la tarjeta guardada.',
          failedAt: failure?.failedAt ?? new Date(event.created * 1000).toISOString(),
        };
      }
      return (session) => applyInvoice(billing, session, facts, reported);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const body = event.data.object;
      if (!subscriptionRefOf(body.metadata)) return null;
      const facts = await loadSubscriptionFacts(billing, body.id);
      return facts && ((session) => applySubscription(billing, session, facts));
    }
    case 'charge.refunded':
      return onChargeRefunded(billing, event.data.object.id);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return onChargeDispute(billing, event.data.object.id);
    case 'setup_intent.succeeded':
      return cardReplaced(billing, event.data.object.id);
    default:
      return null;
  }
}

/**
 * A card saved through POST /api/billing/payment-method becomes the default for the customer's
 * invoices and for the active subscription (its renewals charge it). Repeating the provider
 * updates is harmless, so they run before the inbox records the event.
 */
async function cardReplaced(billing: Billing, setupIntentId: string): Promise<Effect | null> {
  const { stripe } = billing.provider;
  const si = await callProvider(() =>
    stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }),
  );
  const userId = si.metadata?.userId;
  const paymentMethod = idOf(si.payment_method);
  if (si.status !== 'succeeded' || !uuid.safeParse(userId).success || !paymentMethod) return null;
  const { state: customer } = await billing.commands.load(
    customerStreamId(userId!),
    customerDecider,
  );
  const customerId = idOf(si.customer);
  if (!customerId || customer.providerCustomerId !== customerId) return null;
  await callProvider(() =>
    stripe.customers.update(customerId, {
      invoice_settings: { default_payment_method: paymentMethod },
    }),
  );
  const active = activeSubscriptionOf(customer);
  if (active) {
    const { state } = await billing.commands.load(
      subscriptionStreamId(active.subscriptionId),
      subscriptionDecider,
    );
    if (state.providerSubscriptionId) {
      await callProvider(() =>
        stripe.subscriptions.update(state.providerSubscriptionId!, {
          default_payment_method: paymentMethod,
        }),
      );
    }
  }
  const card = cardOfPaymentMethod(si.payment_method);
  return (session) => saveCard(billing, session, userId!, card);
}

export type WebhookOutcome = 'applied' | 'ignored' | 'duplicate';

/**
 * Applies one verified provider event at most once: its id goes into the inbox in the same
 * transaction as its effect, so 20 concurrent deliveries of it have one effect, and one that
 * failed halfway (the database went away) leaves nothing and is applied whole on the retry.
 */
export async function handleStripeEvent(
  billing: Billing,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  if (await isProcessed(billing.runner.sql, billing.schema, STRIPE_INBOX, event.id)) {
    return 'duplicate';
  }
  const effect = await effectOf(billing, event);
  const result = await retryOnConflict(() =>
    processOnce(billing.runner, billing.schema, STRIPE_INBOX, event.id, async (tx) => {
      if (effect) await effect(billing.events.within(tx));
    }),
  );
  if (!result.processed) return 'duplicate';
  return effect ? 'applied' : 'ignored';
}
