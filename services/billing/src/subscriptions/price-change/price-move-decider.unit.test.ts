import type { PlanPriceChangedV1Data } from '@mia/contracts';
import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import {
  planPriceMoveDecider,
  renewalPriceAt,
  type PlanPriceMoveCommand,
  type SubscriptionAtChange,
} from './price-move-decider.js';
import type { PlanPriceMoveEvent } from './price-move-events.js';

const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const userId = '00000000-0000-4000-8000-0000000000aa';
const NOV_2 = '2026-11-02T10:00:00.000Z';
const NOV_9 = '2026-11-09T10:00:00.000Z';
const NOV_12 = '2026-11-12T10:00:00.000Z';
const NOV_19 = '2026-11-19T10:00:00.000Z';

const change = (
  priceCents: number,
  changedAt = NOV_2,
  previousPriceCents: number | null = 2000,
): PlanPriceChangedV1Data => ({
  planType: 'monthly',
  priceCents,
  previousPriceCents,
  currency: 'usd',
  interval: 'month',
  changedAt,
});
const subscription = (over: Partial<SubscriptionAtChange> = {}): SubscriptionAtChange => ({
  plan: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  openedAt: '2026-10-01T10:00:00.000Z',
  ...over,
});
const notice = (
  c: PlanPriceChangedV1Data,
  s: SubscriptionAtChange = subscription(),
): PlanPriceMoveCommand => ({ kind: 'notice', subscriptionId, userId, change: c, subscription: s });
const noticed = (
  priceCents: number,
  at: string,
  effectiveFrom: string,
  changedAt = NOV_2,
  previousPriceCents: number | null = 2000,
): PlanPriceMoveEvent => ({
  type: 'PlanPriceMoveNoticed',
  data: {
    subscriptionId,
    userId,
    plan: 'monthly',
    priceCents,
    previousPriceCents,
    currency: 'usd',
    changedAt,
    noticeSentAt: at,
    effectiveFrom,
  },
});
const scheduled = (priceCents: number, renewalAt: string): PlanPriceMoveEvent => ({
  type: 'PlanPriceMoveScheduled',
  data: { subscriptionId, priceCents, renewalAt, replacedPriceId: 'price_old' },
});
const waiting = (periodEnd: string): PlanPriceMoveEvent => ({
  type: 'PlanPriceMoveWaiting',
  data: { subscriptionId, periodEnd },
});

describe('plan price move decider', () => {
  const spec = deciderSpec(planPriceMoveDecider, { now: NOV_2 });
  const first = noticed(2500, NOV_2, NOV_9);

  it('a renewing subscriber of the plan is told, with the 7 days counted from the notice', () => {
    spec
      .given([])
      .when(notice(change(2500)))
      .then([first]);
  });

  it('redelivery of the same change tells nobody twice', () => {
    spec
      .given([first])
      .when(notice(change(2500)))
      .thenNothing();
  });

  it('those leaving, on the other plan, or who bought after the change are not told', () => {
    spec
      .given([])
      .when(notice(change(2500), subscription({ cancelAtPeriodEnd: true })))
      .thenNothing();
    spec
      .given([])
      .when(notice(change(2500), subscription({ status: 'canceled' })))
      .thenNothing();
    spec
      .given([])
      .when(notice(change(2500), subscription({ status: 'incomplete' })))
      .thenNothing();
    spec
      .given([])
      .when(notice(change(2500), subscription({ plan: 'annual' })))
      .thenNothing();
    spec
      .given([])
      .when(notice(change(2500), subscription({ openedAt: NOV_2 })))
      .thenNothing();
  });

  it('past_due and trialing subscribers are told', () => {
    spec
      .given([])
      .when(notice(change(2500), subscription({ status: 'past_due' })))
      .then([first]);
    spec
      .given([])
      .when(notice(change(2500), subscription({ status: 'trialing' })))
      .then([first]);
  });

  it('a later change before the move wins and restarts the 7 days; an older one is ignored', () => {
    spec
      .given([first, scheduled(2500, NOV_12)])
      .when(notice(change(3000, NOV_9, 2500)), NOV_9)
      .then([noticed(3000, NOV_9, '2026-11-16T10:00:00.000Z', NOV_9, 2000)]);
    spec
      .given([noticed(3000, NOV_9, '2026-11-16T10:00:00.000Z', NOV_9)])
      .when(notice(change(2500, NOV_2)))
      .thenNothing();
  });

  it('the renewal on or after notice + 7 days charges the new price; an earlier one waits', () => {
    const state = spec.given([first]).state;
    expect(renewalPriceAt(state, NOV_9)).toEqual({
      kind: 'move',
      priceCents: 2500,
      currency: 'usd',
    });
    expect(renewalPriceAt(state, '2026-11-09T09:59:59.000Z')).toEqual({
      kind: 'wait',
      revertTo: null,
    });
    // A schedule replaced by a later notice is put back on the price paid before.
    const later = spec.given([first, scheduled(2500, NOV_12), noticed(3000, NOV_9, NOV_19, NOV_9)]);
    expect(renewalPriceAt(later.state, NOV_12)).toEqual({ kind: 'wait', revertTo: 'price_old' });
    expect(renewalPriceAt(spec.given([]).state, NOV_12)).toEqual({ kind: 'none' });
  });

  it('schedules the move for a renewal far enough away, once; refuses one too early', () => {
    const schedule: PlanPriceMoveCommand = {
      kind: 'schedule',
      priceCents: 2500,
      renewalAt: NOV_12,
      replacedPriceId: 'price_old',
    };
    spec
      .given([first])
      .when(schedule)
      .then([scheduled(2500, NOV_12)]);
    spec
      .given([first, scheduled(2500, NOV_12)])
      .when(schedule)
      .thenNothing();
    expect(() =>
      spec
        .given([first])
        .when({ ...schedule, renewalAt: NOV_2 })
        .then([]),
    ).toThrow(/less than 7 days/);
    // Decided on a price a newer notice replaced: nothing (the next check uses the new one).
    spec
      .given([first, noticed(3000, NOV_9, NOV_19, NOV_9)])
      .when(schedule)
      .thenNothing();
  });

  it('waits past a renewal too close to the notice, once per renewal', () => {
    const wait: PlanPriceMoveCommand = { kind: 'wait', periodEnd: '2026-11-05T10:00:00.000Z' };
    spec
      .given([first])
      .when(wait)
      .then([waiting('2026-11-05T10:00:00.000Z')]);
    spec
      .given([first, waiting('2026-11-05T10:00:00.000Z')])
      .when(wait)
      .thenNothing();
    expect(() => spec.given([first]).when({ kind: 'wait', periodEnd: NOV_12 }).then([])).toThrow(
      /due to charge/,
    );
  });

  it('a renewal while waiting asks for a new check; the scheduled renewal paid is the move', () => {
    spec
      .given([first, waiting('2026-11-05T10:00:00.000Z')])
      .when({ kind: 'renewed', plan: 'monthly', currentPeriodEnd: '2026-12-05T10:00:00.000Z' })
      .then([
        {
          type: 'PlanPriceMoveRenewalSeen',
          data: { subscriptionId, currentPeriodEnd: '2026-12-05T10:00:00.000Z' },
        },
      ]);
    const moved: PlanPriceMoveEvent = {
      type: 'PlanPriceMoved',
      data: { subscriptionId, userId, priceCents: 2500, movedAt: NOV_12 },
    };
    spec
      .given([first, scheduled(2500, NOV_12)])
      .when({ kind: 'renewed', plan: 'monthly', currentPeriodEnd: '2026-12-12T10:00:00.000Z' })
      .then([moved]);
    // Redelivered renewal after the move: nothing.
    spec
      .given([first, scheduled(2500, NOV_12), moved])
      .when({ kind: 'renewed', plan: 'monthly', currentPeriodEnd: '2026-12-12T10:00:00.000Z' })
      .thenNothing();
    // Moved subscribers pay the new price: the same price again tells them nothing.
    spec
      .given([first, scheduled(2500, NOV_12), moved])
      .when(notice(change(2500, NOV_19, 2000)))
      .thenNothing();
  });

  it('a plan change or the end drops the pending move', () => {
    spec
      .given([first])
      .when({ kind: 'renewed', plan: 'annual', currentPeriodEnd: '2027-11-05T10:00:00.000Z' })
      .then([{ type: 'PlanPriceMoveDropped', data: { subscriptionId, reason: 'plan_changed' } }]);
    spec
      .given([first])
      .when({ kind: 'drop', reason: 'ended' })
      .then([{ type: 'PlanPriceMoveDropped', data: { subscriptionId, reason: 'ended' } }]);
    spec.given([]).when({ kind: 'drop', reason: 'ended' }).thenNothing();
  });
});
