import { PlanPriceChangedV1, type PlanPriceChangedV1Data } from '@mia/contracts';
import { enqueueMail, fold, on, readEvents, type ReactionContext } from '@mia/service-kit';
import type { Billing } from '../../billing.js';
import type { BillingTx } from '../../db.js';
import { recipientOf } from '../../mail/recipient.js';
import { planPriceChangeMail } from '../../mail/templates/plan-price-change.js';
import { subscriptionStreamId } from '../../shared/ids.js';
import { subscriptionDecider } from '../subscription-decider.js';
import { planPriceMoveDecider } from './price-move-decider.js';
import { planPriceMoveStreamId } from './price-move-events.js';

type NoticeBilling = Pick<Billing, 'schema' | 'logger' | 'config'>;

async function noticeOne(
  billing: NoticeBilling,
  ctx: ReactionContext<BillingTx>,
  change: PlanPriceChangedV1Data,
  subscriptionId: string,
): Promise<void> {
  const stored = await ctx.readStream(subscriptionStreamId(subscriptionId));
  const subscription = fold(subscriptionDecider, readEvents(subscriptionDecider, stored));
  if (!subscription.current || !subscription.userId || subscription.ended) return;
  const to = await recipientOf(ctx.tx, subscription.userId);
  if (!to) {
    // No notice, no move: the subscriber keeps the price they pay.
    billing.logger.warn({ subscriptionId }, 'no address on record for the price change notice');
    return;
  }
  const { decided } = await ctx.decide(
    planPriceMoveStreamId(subscriptionId),
    planPriceMoveDecider,
    {
      kind: 'notice',
      subscriptionId,
      userId: subscription.userId,
      change,
      subscription: {
        plan: subscription.current.plan,
        status: subscription.current.status,
        cancelAtPeriodEnd: subscription.current.cancelAtPeriodEnd,
        openedAt: stored[0]!.occurredAt,
      },
    },
  );
  const notice = decided.find((e) => e.type === 'PlanPriceMoveNoticed');
  if (!notice) return;
  const mail = planPriceChangeMail(to.locale, {
    name: to.name,
    siteUrl: billing.config.PUBLIC_ORIGIN,
    plan: notice.data.plan,
    previousPriceCents: notice.data.previousPriceCents,
    priceCents: notice.data.priceCents,
    effectiveFrom: notice.data.effectiveFrom,
  });
  // Not an optional mail: the notice is what lets the new price be charged.
  await enqueueMail(ctx.sql, billing.schema, {
    key: `plan-price-change:${subscriptionId}:${change.changedAt}`,
    mail: {
      to: to.email,
      ...mail,
      meta: { kind: 'plan-price-change', subscriptionId, changedAt: change.changedAt },
    },
  });
}

/**
 * Tells every renewing subscriber of the plan about its new price (their mail queued with the
 * notice, sent after commit). The provider is not called here: the price move sweep puts the
 * subscription on the new price for the first renewal at least 7 days later.
 */
export const noticeOnPlanPriceChanged = (billing: NoticeBilling) =>
  on<typeof PlanPriceChangedV1, BillingTx>(PlanPriceChangedV1, async (data, _envelope, ctx) => {
    // The read model only narrows the candidates; each decision reads the subscription's stream.
    const candidates = await ctx.tx.subscription.findMany({
      where: { plan: data.planType, endedAt: null },
      select: { subscriptionId: true },
      orderBy: { subscriptionId: 'asc' },
    });
    for (const { subscriptionId } of candidates) {
      await noticeOne(billing, ctx, data, subscriptionId);
    }
  });
