import type { StoredEvent } from '@mia/service-kit';
import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import {
  subscriptionDecider,
  type ProviderSubscriptionView,
  type SubscriptionCommand,
} from './subscription-decider.js';
import {
  readSubscriptionEvent,
  versionOfSubscriptionEvent,
  type SubscriptionEvent,
} from './subscription-events.js';

// A church's team plan (ADR 0020) lives through the very same decider as a personal plan: these
// specs walk its lifecycle and check that every announcement is v2 only, carrying the team.

const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const userId = '00000000-0000-4000-8000-0000000000aa';
const teamId = '00000000-0000-4000-8000-0000000000e1';
const team = { teamId, name: 'Iglesia Bautista Central', seats: 5 };
const MAY = '2026-05-01T00:00:00.000Z';
const JUNE = '2026-06-01T00:00:00.000Z';

const view = (change: Partial<ProviderSubscriptionView> = {}): ProviderSubscriptionView => ({
  plan: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: MAY,
  endedAt: null,
  endReason: 'other',
  quantity: 5,
  ...change,
});
const paid = (
  invoiceId: string,
  provider: ProviderSubscriptionView,
  firstInvoice = false,
  billingReason = firstInvoice ? 'subscription_create' : 'subscription_cycle',
): SubscriptionCommand => ({
  kind: 'invoice-paid',
  subscriptionId,
  userId,
  invoiceId,
  firstInvoice,
  provider,
  charge: {
    paidCents: 0,
    paidCurrency: 'usd',
    billingReason,
    trial: false,
    priceCents: 0,
    priceCurrency: 'usd',
    discountCents: 0,
    prorationCents: 0,
    prorationOnly: billingReason === 'subscription_update',
    balanceAppliedCents: 0,
  },
});
const sync = (provider: ProviderSubscriptionView): SubscriptionCommand => ({
  kind: 'sync',
  subscriptionId,
  userId,
  provider,
});

const opened: SubscriptionEvent = {
  type: 'SubscriptionOpened',
  data: { subscriptionId, userId, plan: 'monthly', team },
};
const invoicePaid = (invoiceId: string): SubscriptionEvent => ({
  type: 'SubscriptionInvoicePaid',
  data: { subscriptionId, invoiceId },
});
const activated: SubscriptionEvent = {
  type: 'SubscriptionActivated',
  data: { subscriptionId, userId, plan: 'monthly', currentPeriodEnd: MAY, team },
};
const renewed = (currentPeriodEnd: string, seats = 5): SubscriptionEvent => ({
  type: 'SubscriptionRenewed',
  data: { subscriptionId, userId, plan: 'monthly', currentPeriodEnd, team: { ...team, seats } },
});
const changed = (change: Partial<ProviderSubscriptionView>, seats = 5): SubscriptionEvent => {
  const { plan, status, cancelAtPeriodEnd, currentPeriodEnd } = view(change);
  return {
    type: 'SubscriptionChanged',
    data: {
      subscriptionId,
      userId,
      plan,
      status,
      cancelAtPeriodEnd,
      currentPeriodEnd,
      team: { ...team, seats },
    },
  };
};
const ended = (
  reason: 'canceled' | 'payment_failed' | 'other',
  seats = 5,
  endedAt = JUNE,
): SubscriptionEvent => ({
  type: 'SubscriptionEnded',
  data: { subscriptionId, userId, endedAt, reason, team: { ...team, seats } },
});

describe('subscription decider: a team plan follows the personal lifecycle, announced as v2 with its team', () => {
  const spec = deciderSpec(subscriptionDecider, { now: '2026-04-01T00:00:00.000Z' });
  const active = [opened, invoicePaid('in_1'), activated];

  it('opens with its team; the first paid invoice activates it (v2 only, no v1 twin)', () => {
    spec
      .given([])
      .when({ kind: 'open', subscriptionId, userId, plan: 'monthly', team })
      .then([opened]);
    spec
      .given([opened])
      .when(paid('in_1', view(), true))
      .then([invoicePaid('in_1'), activated]);
  });

  it('renews with its team', () => {
    spec
      .given(active)
      .when(paid('in_2', view({ currentPeriodEnd: JUNE })))
      .then([invoicePaid('in_2'), renewed(JUNE)]);
  });

  it('a failed renewal: past_due (the grace), then the paid retry renews and restores active', () => {
    const pastDue = changed({ status: 'past_due', currentPeriodEnd: JUNE });
    spec
      .given(active)
      .when(sync(view({ status: 'past_due', currentPeriodEnd: JUNE })))
      .then([pastDue]);
    spec
      .given([...active, pastDue])
      .when(paid('in_2', view({ currentPeriodEnd: JUNE })))
      .then([invoicePaid('in_2'), renewed(JUNE), changed({ currentPeriodEnd: JUNE })]);
  });

  it('renewals that were never paid end it with payment_failed', () => {
    spec
      .given([...active, changed({ status: 'past_due', currentPeriodEnd: JUNE })])
      .when(sync(view({ status: 'canceled', endedAt: JUNE, endReason: 'payment_failed' })))
      .then([ended('payment_failed')]);
  });

  it('cancel at period end and its undoing are changes; the end comes once', () => {
    spec
      .given(active)
      .when(sync(view({ cancelAtPeriodEnd: true })))
      .then([changed({ cancelAtPeriodEnd: true })]);
    spec
      .given([...active, changed({ cancelAtPeriodEnd: true })])
      .when(sync(view()))
      .then([changed({})]);
    const end = view({ status: 'canceled', endedAt: JUNE, endReason: 'canceled' });
    spec
      .given([...active, changed({ cancelAtPeriodEnd: true })])
      .when(sync(end))
      .then([ended('canceled')]);
    spec
      .given([...active, ended('canceled')])
      .when(sync(end))
      .thenNothing();
  });

  it('a refund with cancel_now and a lost dispute end it at once, with the team', () => {
    // Staff's refund (cancel_now) and a dispute cancel at the provider: its re-read says so.
    spec
      .given(active)
      .when(sync(view({ status: 'canceled', endedAt: '2026-04-10T00:00:00.000Z' })))
      .then([ended('other', 5, '2026-04-10T00:00:00.000Z')]);
    spec
      .given([...active, ended('other')])
      .when(paid('in_2', view({ currentPeriodEnd: JUNE })))
      .thenNothing();
  });

  it('seats changed at the provider are a change with the new seats; the team keeps them after', () => {
    spec
      .given(active)
      .when(sync(view({ quantity: 8 })))
      .then([changed({}, 8)]);
    spec
      .given([...active, changed({}, 8)])
      .when(paid('in_2', view({ currentPeriodEnd: JUNE, quantity: 8 })))
      .then([invoicePaid('in_2'), renewed(JUNE, 8)]);
    spec
      .given([...active, changed({}, 8)])
      .when(sync(view({ quantity: 8 })))
      .thenNothing();
  });

  it("added seats' proration invoice (same period) is money, not a renewal", () => {
    spec
      .given(active)
      .when(paid('in_2', view({ quantity: 8 }), false, 'subscription_update'))
      .then([invoicePaid('in_2'), changed({}, 8)]);
  });

  it('a change of seats is refused below the seats taken (409), allowed at or above', () => {
    const ask = (seats: number, seatsTaken: number, provider = view()): SubscriptionCommand => ({
      kind: 'request-team-change',
      seats,
      seatsTaken,
      provider,
    });
    spec.given(active).when(ask(3, 4)).thenRefused({ kind: 'conflict', code: 'seats_in_use' });
    spec.given(active).when(ask(4, 4)).thenNothing();
    spec.given(active).when(ask(12, 4)).thenNothing();
    spec
      .given(active)
      .when(ask(8, 0, view({ status: 'past_due' })))
      .thenRefused({ kind: 'conflict', code: 'plan_past_due' });
    spec
      .given([...active, ended('canceled')])
      .when(ask(8, 0))
      .thenRefused({ kind: 'not_found', code: 'no_team_plan' });
    spec.given([opened]).when(ask(8, 0)).thenRefused({ kind: 'not_found', code: 'no_team_plan' });
  });

  it('a personal plan is no team: a team change is refused', () => {
    const personalOpened: SubscriptionEvent = {
      type: 'SubscriptionOpened',
      data: { subscriptionId, userId, plan: 'monthly' },
    };
    spec
      .given([
        personalOpened,
        invoicePaid('in_1'),
        { ...activated, data: { ...activated.data, team: null } },
      ])
      .when({
        kind: 'request-team-change',
        cancelAtPeriodEnd: true,
        seatsTaken: 0,
        provider: view(),
      })
      .thenRefused({ kind: 'not_found', code: 'no_team_plan' });
  });
});

describe('subscription events: versions', () => {
  const stored = (type: string, version: number, data: object): StoredEvent =>
    ({ type, version, data, streamId: `subscription-${subscriptionId}` }) as unknown as StoredEvent;
  const v1Data = { subscriptionId, userId, plan: 'monthly', currentPeriodEnd: MAY };

  it('a stored v1 announcement (old streams, twins) reads as v2 of a personal plan', () => {
    expect(readSubscriptionEvent(stored('SubscriptionActivated', 1, v1Data))).toEqual({
      type: 'SubscriptionActivated',
      data: { ...v1Data, team: null },
    });
    expect(readSubscriptionEvent(stored('SubscriptionActivated', 2, { ...v1Data, team }))).toEqual({
      type: 'SubscriptionActivated',
      data: { ...v1Data, team },
    });
  });

  it('announcements with a team (even null) are appended as v2, their twins as v1', () => {
    expect(versionOfSubscriptionEvent(activated)).toBe(2);
    expect(
      versionOfSubscriptionEvent({ ...activated, data: { ...activated.data, team: null } }),
    ).toBe(2);
    expect(
      versionOfSubscriptionEvent({
        type: 'SubscriptionActivated',
        data: v1Data,
      } as SubscriptionEvent),
    ).toBe(1);
    expect(versionOfSubscriptionEvent(opened)).toBe(1);
  });
});
