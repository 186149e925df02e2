import { fold } from '@mia/service-kit';
import { deciderSpec } from '@mia/testing';
import type { SubscriptionStatus } from '@mia/contracts';
import { describe, expect, it } from 'vitest';
import type { EntitlementEvent } from './entitlement-events.js';
import { entitlementsDecider, grantsOf, type EntitlementCommand } from './entitlements-decider.js';
import { usable } from './grants.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const grantId = `subscription:${subscriptionId}`;
const NOW = '2026-03-01T12:00:00.000Z';
const APRIL = '2026-04-01T11:00:00.000Z';
const APRIL_GRACE = '2026-04-04T11:00:00.000Z';
const MAY = '2026-05-01T11:00:00.000Z';
const NEXT_YEAR = '2027-03-01T11:00:00.000Z';

const spec = deciderSpec(entitlementsDecider, { now: NOW });

// Commands as the reactions build them: a paid invoice, or billing's SubscriptionChanged.
const paid = (periodEnd: string, sourceVersion: number): EntitlementCommand => ({
  kind: 'note-subscription-term',
  userId,
  subscriptionId,
  periodEnd,
  sourceVersion,
  at: '2026-03-01T11:00:00.000Z',
});
const standing = (
  status: SubscriptionStatus,
  sourceVersion: number,
  graceDays = 3,
): EntitlementCommand => ({
  kind: 'note-subscription-standing',
  userId,
  subscriptionId,
  status,
  sourceVersion,
  graceDays,
});
const endSubscription: EntitlementCommand = {
  kind: 'end-subscription',
  userId,
  subscriptionId,
  reason: 'canceled',
};

const termNoted = (periodEnd: string, sourceVersion: number): EntitlementEvent => ({
  type: 'SubscriptionTermNoted',
  data: { grantId, userId, periodEnd, sourceVersion },
});
const standingNoted = (status: SubscriptionStatus, sourceVersion: number): EntitlementEvent => ({
  type: 'SubscriptionStandingNoted',
  data: { grantId, userId, status, sourceVersion },
});
const granted = (validUntil: string): EntitlementEvent => ({
  type: 'AccessGranted',
  data: {
    grantId,
    userId,
    scope: 'all',
    source: { kind: 'subscription', ref: subscriptionId },
    validFrom: '2026-03-01T11:00:00.000Z',
    validUntil,
  },
});
const extended = (validUntil: string): EntitlementEvent => ({
  type: 'AccessExtended',
  data: { grantId, userId, validUntil },
});
const graceOpened = (graceUntil: string): EntitlementEvent => ({
  type: 'SubscriptionGraceOpened',
  data: { grantId, userId, graceUntil },
});
const graceClosed: EntitlementEvent = {
  type: 'SubscriptionGraceClosed',
  data: { grantId, userId },
};
const revoked: EntitlementEvent = {
  type: 'AccessRevoked',
  data: { grantId, userId, reason: 'subscription_ended', detail: 'canceled' },
};

const canUse = (history: readonly EntitlementEvent[], at: string) =>
  usable(grantsOf(fold(entitlementsDecider, history)), 'apocalipsis', new Date(at));

const activated = [termNoted(APRIL, 1), standingNoted('active', 1), granted(APRIL)];
const pastDue = [...activated, standingNoted('past_due', 3), graceOpened(APRIL_GRACE)];

describe('plans: paid invoices', () => {
  it('activation grants every tool until the paid period ends', () => {
    spec.given([]).when(paid(APRIL, 1)).then(activated);
    expect(canUse(activated, '2026-03-31T23:59:59Z').allowed).toBe(true);
    // Expiry is computed when read: no event needed at the period end.
    expect(canUse(activated, APRIL).reason).toBe('expired');
  });

  it('a paid renewal extends; its redelivery changes nothing', () => {
    spec
      .given(activated)
      .when(paid(MAY, 2))
      .then([termNoted(MAY, 2), standingNoted('active', 2), extended(MAY)]);
    spec
      .given([...activated, termNoted(MAY, 2), standingNoted('active', 2), extended(MAY)])
      .when(paid(MAY, 2))
      .thenNothing();
  });

  it('a renewal handled before the activation: the late activation neither grants twice nor shortens', () => {
    const renewedFirst = [termNoted(MAY, 2), standingNoted('active', 2), granted(MAY)];
    spec.given([]).when(paid(MAY, 2)).then(renewedFirst);
    spec.given(renewedFirst).when(paid(APRIL, 1)).thenNothing();
  });

  it('a chargeback on the first payment heard before the activation keeps the new grant suspended', () => {
    const disputeNoted = (status: 'open' | 'inquiry'): EntitlementEvent => ({
      type: 'DisputeNoted',
      data: { grantId, userId, disputeId: 'dp_1', status },
    });
    const suspended: EntitlementEvent = {
      type: 'AccessSuspended',
      data: { grantId, userId, reason: 'dispute' },
    };
    spec
      .given([disputeNoted('open')])
      .when(paid(APRIL, 1))
      .then([...activated, suspended]);
    expect(canUse([disputeNoted('open'), ...activated, suspended], NOW).reason).toBe('suspended');
    // An inquiry suspends nothing.
    spec
      .given([disputeNoted('inquiry')])
      .when(paid(APRIL, 1))
      .then(activated);
  });

  it('the end revokes; ended before activated keeps the activation closed', () => {
    spec.given(activated).when(endSubscription).then([revoked]);
    expect(canUse([...activated, revoked], NOW).reason).toBe('revoked');
    spec.given([revoked]).when(paid(APRIL, 1)).thenNothing();
  });
});

describe('plans: a change of terms or status never extends access', () => {
  it('a failed renewal (past due) does not extend: it opens a grace window from the failed period start', () => {
    spec
      .given(activated)
      .when(standing('past_due', 3))
      .then([standingNoted('past_due', 3), graceOpened(APRIL_GRACE)]);
    // Usable in the grace window, not after it: no timer, the comparison is made when read.
    expect(canUse(pastDue, '2026-04-02T00:00:00Z').allowed).toBe(true);
    expect(canUse(pastDue, '2026-04-04T10:59:59Z').allowed).toBe(true);
    expect(canUse(pastDue, APRIL_GRACE).reason).toBe('expired');
    // However often the provider repeats that it is past due, the grace does not move.
    spec
      .given(pastDue)
      .when(standing('past_due', 4))
      .then([standingNoted('past_due', 4)]);
  });

  it('the grace length is the decider input (PAST_DUE_GRACE_DAYS), not a provider setting', () => {
    spec
      .given(activated)
      .when(standing('past_due', 3, 0))
      .then([standingNoted('past_due', 3), graceOpened(APRIL)]);
  });

  it('a paid invoice after the failure extends and closes the grace at once', () => {
    spec
      .given(pastDue)
      .when(paid(MAY, 5))
      .then([termNoted(MAY, 5), standingNoted('active', 5), extended(MAY), graceClosed]);
    const restored = [...pastDue, termNoted(MAY, 5), standingNoted('active', 5), extended(MAY)];
    expect(canUse([...restored, graceClosed], '2026-04-20T00:00:00Z').allowed).toBe(true);
  });

  it('a monthly -> annual change reported without payment gives nothing beyond the paid month', () => {
    // SubscriptionChanged {plan: annual, currentPeriodEnd: next year} arrives as a standing.
    spec
      .given(activated)
      .when(standing('active', 3))
      .then([standingNoted('active', 3)]);
    expect(canUse([...activated, standingNoted('active', 3)], NEXT_YEAR).allowed).toBe(false);
    expect(canUse([...activated, standingNoted('active', 3)], APRIL).allowed).toBe(false);
  });

  it.each(['unpaid', 'incomplete', 'paused'] as const)(
    '%s gives no access: the grant ends now and the grace closes',
    (status) => {
      spec
        .given(pastDue)
        .when(standing(status, 4))
        .then([standingNoted(status, 4), graceClosed, extended(NOW)]);
      const history = [...pastDue, standingNoted(status, 4), graceClosed, extended(NOW)];
      expect(canUse(history, NOW).allowed).toBe(false);
      // Paying again reopens it to the paid period's end.
      spec
        .given(history)
        .when(paid(MAY, 6))
        .then([termNoted(MAY, 6), standingNoted('active', 6), extended(MAY)]);
    },
  );

  it('a report older than the standing known is stale and changes nothing', () => {
    spec.given(pastDue).when(standing('active', 2)).thenNothing();
    spec
      .given([...activated, standingNoted('unpaid', 5), extended(NOW)])
      .when(standing('past_due', 4))
      .thenNothing();
  });

  it('a report before the activation opens nothing; the paid activation does', () => {
    spec
      .given([])
      .when(standing('past_due', 3))
      .then([standingNoted('past_due', 3)]);
    spec
      .given([standingNoted('active', 3)])
      .when(paid(APRIL, 1))
      .then([termNoted(APRIL, 1), granted(APRIL)]);
  });

  it('other sources coexist with the plan: access is their union', () => {
    const lifetime: EntitlementEvent = {
      type: 'AccessGranted',
      data: {
        grantId: 'purchase:p1',
        userId,
        scope: 'apocalipsis',
        source: { kind: 'purchase', ref: 'p1' },
        validFrom: NOW,
        validUntil: null,
      },
    };
    const history = [...pastDue, standingNoted('unpaid', 4), graceClosed, extended(NOW), lifetime];
    expect(canUse(history, MAY).allowed).toBe(true);
  });
});
