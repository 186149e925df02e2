import type Stripe from 'stripe';
import type { BillingPlan, PlanType } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { activeSubscriptionOf, customerDecider } from '../customers/customer-decider.js';
import { callProvider } from '../provider/provider-errors.js';
import { customerStreamId, subscriptionStreamId } from '../shared/ids.js';
import { transact } from '../shared/transact.js';
import { applySubscription } from './apply-subscription.js';
import { subscriptionDecider } from './subscription-decider.js';
import { factsOf, paymentIntentIdOf, type SubscriptionFacts } from './subscription-facts.js';
import { idOf } from '../provider/views.js';

const NO_SUBSCRIPTION = 'No tienes una suscripción activa.';

/** The caller's active subscription at the provider. */
async function activeOf(billing: Billing, userId: string) {
  const { state: customer } = await billing.commands.load(
    customerStreamId(userId),
    customerDecider,
  );
  const active = activeSubscriptionOf(customer);
  if (!active) throw new DomainError('not_found', 'no_subscription', NO_SUBSCRIPTION);
  const { state } = await billing.commands.load(
    subscriptionStreamId(active.subscriptionId),
    subscriptionDecider,
  );
  if (!state.providerSubscriptionId) {
    throw new DomainError('not_found', 'no_subscription', NO_SUBSCRIPTION);
  }
  return { subscriptionId: active.subscriptionId, providerId: state.providerSubscriptionId };
}

/** The plan as the customer holds it: the price is the one their subscription bills now. */
export function planView(facts: SubscriptionFacts): BillingPlan {
  const price = facts.subscription.items.data[0]?.price;
  return {
    planType: facts.view.plan,
    status: facts.view.status,
    currentPeriodEnd: facts.view.currentPeriodEnd,
    cancelAtPeriodEnd: facts.view.cancelAtPeriodEnd,
    priceCents: price?.unit_amount ?? 0,
    currency: price?.currency ?? 'usd',
  };
}

/** Records what the provider answered (its webhook will say the same and change nothing). */
async function record(billing: Billing, updated: Stripe.Subscription): Promise<BillingPlan> {
  const facts = factsOf(updated);
  if (!facts) throw new Error(`Subscription ${updated.id} lost its metadata`);
  await transact(billing, (session) => applySubscription(billing, session, facts));
  return planView(facts);
}

/** Cancels at the end of the paid period: access stays until then, no renewal follows. */
export async function cancelAtPeriodEnd(billing: Billing, userId: string): Promise<BillingPlan> {
  const { providerId } = await activeOf(billing, userId);
  const updated = await callProvider(() =>
    billing.provider.stripe.subscriptions.update(providerId, { cancel_at_period_end: true }),
  );
  return record(billing, updated);
}

/** Undoes a cancellation at period end: the subscription renews again. */
export async function resume(billing: Billing, userId: string): Promise<BillingPlan> {
  const { providerId } = await activeOf(billing, userId);
  const updated = await callProvider(() =>
    billing.provider.stripe.subscriptions.update(providerId, { cancel_at_period_end: false }),
  );
  return record(billing, updated);
}

/** Why the provider could not charge an invoice (its PaymentIntent's last error). */
async function declineMessageOf(billing: Billing, invoiceId: string | null): Promise<string> {
  const fallback = 'Tu tarjeta fue rechazada.';
  if (!invoiceId) return fallback;
  const { stripe } = billing.provider;
  const invoice = await callProvider(() =>
    stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }),
  );
  const piId = paymentIntentIdOf(invoice);
  if (!piId) return fallback;
  const pi = await callProvider(() => stripe.paymentIntents.retrieve(piId));
  return pi.last_payment_error?.message ?? fallback;
}

/**
 * Monthly <-> annual with the provider's proration: the unused time is credited and the new
 * plan invoiced now. The change is paid before it applies (`pending_if_incomplete`): a declined
 * card leaves the subscription as it was (the provider keeps the change pending and drops it)
 * and answers 402 with the provider's message. A plan that owes an invoice is not changed (409).
 */
export async function changePlan(
  billing: Billing,
  userId: string,
  planType: PlanType,
): Promise<BillingPlan> {
  const { subscriptionId, providerId } = await activeOf(billing, userId);
  const { stripe } = billing.provider;
  const current = await callProvider(() => stripe.subscriptions.retrieve(providerId));
  const facts = factsOf(current);
  if (!facts) throw new Error(`Subscription ${current.id} lost its metadata`);
  await billing.commands.handle(subscriptionStreamId(subscriptionId), subscriptionDecider, {
    kind: 'request-plan-change',
    planType,
    provider: facts.view,
  });
  const item = current.items.data[0]!;
  const price = await billing.prices.priceFor(planType);
  // Only the items and proration may go with pending_if_incomplete; the rest follows once paid.
  const changed = await callProvider(() =>
    stripe.subscriptions.update(providerId, {
      items: [{ id: item.id, price }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    }),
  );
  if (changed.pending_update) {
    const message = await declineMessageOf(billing, idOf(changed.latest_invoice));
    await billing.commands.handle(subscriptionStreamId(subscriptionId), subscriptionDecider, {
      kind: 'decline-plan-change',
      subscriptionId,
      userId,
      planType,
      message,
    });
    throw new DomainError('payment_required', 'plan_change_declined', message);
  }
  const updated = await callProvider(() =>
    stripe.subscriptions.update(providerId, {
      cancel_at_period_end: false,
      metadata: { ...current.metadata, plan: planType },
    }),
  );
  return record(billing, updated);
}
