import type { Billing } from '../billing.js';
import { callProvider } from '../provider/provider-errors.js';
import {
  loadSubscriptionFacts,
  type SubscriptionFacts,
} from '../subscriptions/subscription-facts.js';

/** Statuses after which the provider charges nothing more. */
const FINISHED = new Set(['canceled', 'incomplete_expired']);

/**
 * Cancels a subscription at the provider now (not at period end) and returns it as it then
 * stands, for applySubscription to end the plan. A provider call: never inside a transaction.
 * Cancelling one already cancelled changes nothing.
 */
export async function cancelPlanNow(
  billing: Billing,
  providerSubscriptionId: string,
  why: string,
): Promise<SubscriptionFacts | null> {
  const { stripe } = billing.provider;
  const current = await loadSubscriptionFacts(billing, providerSubscriptionId);
  if (!current || FINISHED.has(current.subscription.status)) return current;
  await callProvider(() =>
    stripe.subscriptions.cancel(
      providerSubscriptionId,
      { cancellation_details: { comment: why } },
      { idempotencyKey: `cancel-now-${providerSubscriptionId}` },
    ),
  );
  return loadSubscriptionFacts(billing, providerSubscriptionId);
}
