import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import {
  subscriptionDecider,
  type ProviderSubscriptionView,
  type SubscriptionCommand,
} from './subscription-decider.js';
import type { SubscriptionEvent } from './subscription-events.js';

const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const userId = '00000000-0000-4000-8000-0000000000aa';
const MAY = '2026-05-01T00:00:00.000Z';
const JUNE = '2026-06-01T00:00:00.000Z';
const JULY = '2026-07-01T00:00:00.000Z';

const view = (change: Partial<ProviderSubscriptionView> = {}): ProviderSubscriptionView => ({
  plan: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: MAY,
  endedAt: null,
  endReason: 'other',
  ...change,
});
const paid = (
  invoiceId: string,
  provider: ProviderSubscriptionView,
  firstInvoice = false,
): SubscriptionCommand => ({
  kind: 'invoice-paid',
  subscriptionId,
  userId,
  invoiceId,
  firstInvoice,
  provider,
});
const sync = (provider: ProviderSubscriptionView): SubscriptionCommand => ({
  kind: 'sync',
  subscriptionId,
  userId,
  provider,
});

const opened: SubscriptionEvent = {
  type: 'SubscriptionOpened',
  data: { subscriptionId, userId, plan: 'monthly' },
};
const invoicePaid = (invoiceId: string): SubscriptionEvent => ({
  type: 'SubscriptionInvoicePaid',
  data: { subscriptionId, invoiceId },
});
/** A personal plan's announcement: v2 with team null (no v1 twin: every consumer reads v2). */
const personal = <T extends SubscriptionEvent['type']>(
  type: T,
  data: Record<string, unknown>,
): SubscriptionEvent[] => [{ type, data: { ...data, team: null } } as SubscriptionEvent];
const activated = personal('SubscriptionActivated', {
  subscriptionId,
  userId,
  plan: 'monthly',
  currentPeriodEnd: MAY,
});
const renewed = (
  currentPeriodEnd: string,
  plan: 'monthly' | 'annual' = 'monthly',
): SubscriptionEvent[] =>
  personal('SubscriptionRenewed', { subscriptionId, userId, plan, currentPeriodEnd });
const changed = (change: Partial<ProviderSubscriptionView>): SubscriptionEvent[] => {
  const { plan, status, cancelAtPeriodEnd, currentPeriodEnd } = view(change);
  return personal('SubscriptionChanged', {
    subscriptionId,
    userId,
    plan,
    status,
    cancelAtPeriodEnd,
    currentPeriodEnd,
  });
};
const ended = (reason: 'canceled' | 'payment_failed', endedAt = JUNE): SubscriptionEvent[] =>
  personal('SubscriptionEnded', { subscriptionId, userId, endedAt, reason });

describe('subscription decider', () => {
  const spec = deciderSpec(subscriptionDecider, { now: '2026-04-01T00:00:00.000Z' });
  const active = [opened, invoicePaid('in_1'), ...activated];

  it('the first paid invoice activates it; the same invoice again changes nothing', () => {
    spec
      .given([opened])
      .when(paid('in_1', view(), true))
      .then([invoicePaid('in_1'), ...activated]);
    spec
      .given(active)
      .when(paid('in_1', view(), true))
      .thenNothing();
  });

  it('renews once per later paid invoice, with the period end the provider holds now', () => {
    const later = view({ currentPeriodEnd: JUNE });
    spec
      .given(active)
      .when(paid('in_2', later))
      .then([invoicePaid('in_2'), ...renewed(JUNE)]);
    spec
      .given([...active, invoicePaid('in_2'), ...renewed(JUNE)])
      .when(paid('in_2', later))
      .thenNothing();
  });

  it('out of order: the subscription update announcing "active" before invoice.paid activates once', () => {
    const fromSync = spec
      .given([opened])
      .when(sync(view()))
      .then([...activated]);
    spec
      .given([opened, ...fromSync])
      .when(paid('in_1', view(), true))
      .then([invoicePaid('in_1')]);
  });

  it('out of order: an older update arriving later converges on the re-read provider state', () => {
    // The provider already renewed: whatever the stale webhook said, the re-read view wins.
    const now = view({ currentPeriodEnd: JUNE });
    spec
      .given([...active, invoicePaid('in_2'), ...renewed(JUNE)])
      .when(sync(now))
      .thenNothing();
  });

  it('nothing is granted while the first invoice is unpaid', () => {
    spec
      .given([opened])
      .when(sync(view({ status: 'incomplete' })))
      .thenNothing();
  });

  it('cancel at period end, then resume, each a SubscriptionChanged', () => {
    const cancel = spec
      .given(active)
      .when(sync(view({ cancelAtPeriodEnd: true })))
      .then([...changed({ cancelAtPeriodEnd: true })]);
    spec
      .given([...active, ...cancel])
      .when(sync(view()))
      .then([...changed({})]);
  });

  it('renewal after a cancellation that was undone renews', () => {
    spec
      .given([...active, ...changed({ cancelAtPeriodEnd: true }), ...changed({})])
      .when(paid('in_2', view({ currentPeriodEnd: JUNE })))
      .then([invoicePaid('in_2'), ...renewed(JUNE)]);
  });

  it('renewal reported after the end (late webhook) does not extend anything', () => {
    spec
      .given([...active, ...ended('canceled')])
      .when(paid('in_2', view({ currentPeriodEnd: JUNE })))
      .thenNothing();
    spec
      .given([...active, ...ended('canceled')])
      .when(sync(view()))
      .thenNothing();
  });

  it('ends once, with the provider reason', () => {
    const end = view({ status: 'canceled', endedAt: JUNE, endReason: 'payment_failed' });
    spec
      .given(active)
      .when(sync(end))
      .then([...ended('payment_failed')]);
    spec
      .given([...active, ...ended('payment_failed')])
      .when(sync(end))
      .thenNothing();
  });

  it('a failed renewal shows as past_due; its paid retry renews and restores active', () => {
    const pastDue = changed({ status: 'past_due', currentPeriodEnd: JUNE });
    spec
      .given(active)
      .when(sync(view({ status: 'past_due', currentPeriodEnd: JUNE })))
      .then([...pastDue]);
    spec
      .given([...active, ...pastDue])
      .when(paid('in_2', view({ currentPeriodEnd: JUNE })))
      .then([invoicePaid('in_2'), ...renewed(JUNE), ...changed({ currentPeriodEnd: JUNE })]);
  });

  it('a plan change is a SubscriptionChanged; its paid proration invoice renews to the new end', () => {
    const annual = view({ plan: 'annual', currentPeriodEnd: JULY });
    spec
      .given(active)
      .when(sync(annual))
      .then([...changed({ plan: 'annual', currentPeriodEnd: JULY })]);
    spec
      .given([...active, ...changed({ plan: 'annual', currentPeriodEnd: JULY })])
      .when(paid('in_3', annual))
      .then([invoicePaid('in_3'), ...renewed(JULY, 'annual')]);
  });
});

describe('subscription decider: late reports and plan changes', () => {
  const spec = deciderSpec(subscriptionDecider, { now: '2026-04-01T00:00:00.000Z' });
  const APRIL = '2026-04-01T00:00:00.000Z';
  const active = [opened, invoicePaid('in_1'), ...activated];
  const periodNoted = (currentPeriodStart: string): SubscriptionEvent => ({
    type: 'SubscriptionPeriodNoted',
    data: { subscriptionId, currentPeriodStart },
  });
  const renewedInMay = [...active, invoicePaid('in_2'), ...renewed(JUNE), periodNoted(MAY)];

  it('remembers the period start each newer report carries', () => {
    spec
      .given(active)
      .when(paid('in_2', view({ currentPeriodEnd: JUNE, currentPeriodStart: MAY })))
      .then([invoicePaid('in_2'), ...renewed(JUNE), periodNoted(MAY)]);
  });

  it('a re-read older than the newest known period (a late webhook that lost the race) moves nothing back', () => {
    // Read before the renewal, applied after it: its period started in April.
    const stale = view({ currentPeriodEnd: MAY, currentPeriodStart: APRIL });
    spec.given(renewedInMay).when(sync(stale)).thenNothing();
    spec
      .given(renewedInMay)
      .when(sync(view({ plan: 'annual', currentPeriodEnd: MAY, currentPeriodStart: APRIL })))
      .thenNothing();
    // A newer one still converges.
    spec
      .given(renewedInMay)
      .when(
        sync(view({ currentPeriodEnd: JUNE, currentPeriodStart: MAY, cancelAtPeriodEnd: true })),
      )
      .then([...changed({ currentPeriodEnd: JUNE, cancelAtPeriodEnd: true })]);
  });

  it('an invoice paid with a stale re-read records the money but never a shorter period', () => {
    const stale = view({ currentPeriodEnd: MAY, currentPeriodStart: APRIL });
    spec
      .given(renewedInMay)
      .when(paid('in_3', stale))
      .then([invoicePaid('in_3'), ...renewed(JUNE)]);
  });

  it('a plan change is refused while the plan owes an invoice, and for the same plan', () => {
    for (const status of ['past_due', 'unpaid', 'incomplete'] as const) {
      spec
        .given(active)
        .when({ kind: 'request-plan-change', planType: 'annual', provider: view({ status }) })
        .thenRefused({
          kind: 'conflict',
          code: 'plan_past_due',
          message: 'Actualiza tu tarjeta primero.',
        });
    }
    spec
      .given(active)
      .when({ kind: 'request-plan-change', planType: 'monthly', provider: view() })
      .thenRefused({ kind: 'conflict', code: 'same_plan' });
    spec
      .given(active)
      .when({ kind: 'request-plan-change', planType: 'annual', provider: view() })
      .thenNothing();
    spec
      .given([...active, ...ended('canceled')])
      .when({ kind: 'request-plan-change', planType: 'annual', provider: view() })
      .thenRefused({ kind: 'not_found', code: 'no_subscription' });
  });

  it('a declined plan change is recorded and changes nothing else', () => {
    const declined: SubscriptionEvent = {
      type: 'SubscriptionChangeDeclined',
      data: { subscriptionId, userId, plan: 'annual', message: 'Your card was declined.' },
    };
    spec
      .given(active)
      .when({
        kind: 'decline-plan-change',
        subscriptionId,
        userId,
        planType: 'annual',
        message: 'Your card was declined.',
      })
      .then([declined]);
    // The next report of the unchanged monthly plan sees nothing to change.
    spec
      .given([...active, declined])
      .when(sync(view()))
      .thenNothing();
  });
});
