import { fold, readEvents } from '@mia/service-kit';
import type { Billing } from '../../billing.js';
import { callProvider } from '../../provider/provider-errors.js';
import { subscriptionStreamId } from '../../shared/ids.js';
import { loadSubscriptionFacts } from '../subscription-facts.js';
import { subscriptionDecider } from '../subscription-decider.js';
import { planPriceMoveDecider, renewalPriceAt } from './price-move-decider.js';
import { planPriceMoveStreamId } from './price-move-events.js';
import { planPriceAt } from './plan-price-at.js';

export type MoveOutcome = 'scheduled' | 'waiting' | 'dropped' | 'nothing';

const TERMINAL = ['canceled', 'incomplete_expired'];

/**
 * Puts the provider's subscription item on the price the coming renewal must charge: the new
 * price when that renewal is at least 7 days after the notice, else the price paid now. Changed
 * with `proration_behavior: none`, so nothing is charged until that renewal. Runs with no
 * transaction open (provider calls never hold a lock); the decision is recorded afterwards, and
 * a rerun after a crash finds the provider already right.
 */
export async function movePlanPrice(
  billing: Billing,
  subscriptionId: string,
): Promise<MoveOutcome> {
  const streamId = planPriceMoveStreamId(subscriptionId);
  const state = fold(
    planPriceMoveDecider,
    readEvents(planPriceMoveDecider, await billing.events.readStream(streamId)),
  );
  if (!state.pending) return 'nothing';
  const subscription = fold(
    subscriptionDecider,
    readEvents(
      subscriptionDecider,
      await billing.events.readStream(subscriptionStreamId(subscriptionId)),
    ),
  );
  const drop = async (reason: 'ended' | 'plan_changed') => {
    await billing.commands.handle(streamId, planPriceMoveDecider, { kind: 'drop', reason });
    return 'dropped' as const;
  };
  if (subscription.ended || !subscription.providerSubscriptionId) return drop('ended');
  const facts = await loadSubscriptionFacts(billing, subscription.providerSubscriptionId);
  if (!facts || TERMINAL.includes(facts.view.status)) return drop('ended');
  if (facts.view.plan !== state.plan) return drop('plan_changed');

  const item = facts.subscription.items.data[0]!;
  const periodEnd = facts.view.currentPeriodEnd;
  const wanted = renewalPriceAt(state, periodEnd);
  const setItemPrice = (price: string) =>
    callProvider(() =>
      billing.provider.stripe.subscriptions.update(facts.subscription.id, {
        items: [{ id: item.id, price }],
        // The new price applies from the renewal: no proration, nothing charged now.
        proration_behavior: 'none',
      }),
    );
  if (wanted.kind === 'move') {
    const price = await planPriceAt(
      billing,
      { planType: state.plan!, priceCents: wanted.priceCents, currency: wanted.currency },
      item.price,
    );
    // Already on it: an earlier check moved it (and recorded, or crashed before recording).
    const replacedPriceId =
      item.price.id === price ? (state.originalPriceId ?? item.price.id) : item.price.id;
    if (item.price.id !== price) await setItemPrice(price);
    await billing.commands.handle(streamId, planPriceMoveDecider, {
      kind: 'schedule',
      priceCents: wanted.priceCents,
      renewalAt: periodEnd,
      replacedPriceId,
    });
    return 'scheduled';
  }
  if (wanted.kind === 'wait') {
    // A newer notice came too close to the renewal billing had scheduled: back to the old price.
    if (wanted.revertTo && item.price.id !== wanted.revertTo) await setItemPrice(wanted.revertTo);
    await billing.commands.handle(streamId, planPriceMoveDecider, { kind: 'wait', periodEnd });
    return 'waiting';
  }
  return 'nothing';
}
