import { deciderSpec, sequentialIds } from '@mia/testing';
import { fold } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import type { EntitlementEvent } from './entitlement-events.js';
import {
  entitlementsDecider,
  grantsOf,
  type EntitlementCommand,
  type EntitlementsState,
} from './entitlements-decider.js';
import { usable } from './grants.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const adminId = '00000000-0000-4000-8000-0000000000ad';
const paymentId = '00000000-0000-4000-8000-0000000000b1';
const subscriptionId = '00000000-0000-4000-8000-0000000000c1';
const trialId = '00000000-0000-4000-8000-0000000000d1';
const NOW = '2026-03-01T12:00:00.000Z';

const spec = deciderSpec(entitlementsDecider, { now: NOW });

// Commands as the reactions build them from billing's events.
const purchase = (paidAt = '2026-03-01T11:59:00.000Z'): EntitlementCommand => ({
  kind: 'grant-purchase',
  userId,
  paymentId,
  productId: 'apocalipsis',
  paidAt,
});
const toolPurpose = { kind: 'product', productId: 'apocalipsis' } as const;
const refund: EntitlementCommand = {
  kind: 'revoke-purchase',
  userId,
  paymentId,
  purpose: toolPurpose,
  full: true,
  planAction: null,
};
const dispute = (disputeId = 'dp_1', inquiry = false): EntitlementCommand => ({
  kind: 'open-dispute',
  userId,
  paymentId,
  purpose: toolPurpose,
  disputeId,
  inquiry,
});
const closeDispute = (
  outcome: 'won' | 'lost' | 'warning_closed' | 'prevented',
  disputeId = 'dp_1',
): EntitlementCommand => ({
  kind: 'close-dispute',
  userId,
  paymentId,
  purpose: toolPurpose,
  disputeId,
  outcome,
});
const trial: EntitlementCommand = {
  kind: 'grant-trial',
  userId,
  trialId,
  startedAt: '2026-03-01T11:00:00.000Z',
  endsAt: '2026-03-04T11:00:00.000Z',
};
const adminGrant = (
  scope: string,
  until: string | null = null,
  catalogStatus: 'published' | 'retired' | null = 'published',
): EntitlementCommand => ({
  kind: 'admin-grant',
  userId,
  adminId,
  scope,
  catalogStatus,
  until,
  reason: 'Retiro pastoral',
});
const adminRevoke = (
  scope: string,
  catalogStatus: 'published' | 'retired' | null = 'published',
): EntitlementCommand => ({
  kind: 'admin-revoke',
  userId,
  adminId,
  scope,
  catalogStatus,
  reason: 'Cuenta compartida',
});

// Events.
const purchaseGranted: EntitlementEvent = {
  type: 'AccessGranted',
  data: {
    grantId: `purchase:${paymentId}`,
    userId,
    scope: 'apocalipsis',
    source: { kind: 'purchase', ref: paymentId },
    validFrom: '2026-03-01T11:59:00.000Z',
    validUntil: null,
  },
};
const suspended: EntitlementEvent = {
  type: 'AccessSuspended',
  data: { grantId: `purchase:${paymentId}`, userId, reason: 'dispute' },
};
const restored: EntitlementEvent = {
  type: 'AccessRestored',
  data: { grantId: `purchase:${paymentId}`, userId },
};
const refunded: EntitlementEvent = {
  type: 'AccessRevoked',
  data: { grantId: `purchase:${paymentId}`, userId, reason: 'refund' },
};
const disputeNoted = (
  status: 'open' | 'inquiry' | 'won' | 'lost' | 'warning_closed' | 'prevented',
  disputeId = 'dp_1',
): EntitlementEvent => ({
  type: 'DisputeNoted',
  data: { grantId: `purchase:${paymentId}`, userId, disputeId, status },
});
const termNoted = (periodEnd: string, sourceVersion: number): EntitlementEvent => ({
  type: 'SubscriptionTermNoted',
  data: { grantId: `subscription:${subscriptionId}`, userId, periodEnd, sourceVersion },
});
const subscriptionGranted = (validUntil: string): EntitlementEvent => ({
  type: 'AccessGranted',
  data: {
    grantId: `subscription:${subscriptionId}`,
    userId,
    scope: 'all',
    source: { kind: 'subscription', ref: subscriptionId },
    validFrom: '2026-03-01T11:00:00.000Z',
    validUntil,
  },
});
const APRIL = '2026-04-01T11:00:00.000Z';
const MAY = '2026-05-01T11:00:00.000Z';

/** Whether the folded state lets the user use `productId` at `at`. */
const canUse = (history: readonly EntitlementEvent[], productId: string, at: string) =>
  usable(grantsOf(fold(entitlementsDecider, history)), productId, new Date(at));

describe('purchases', () => {
  it('grant the product for life, once however often the payment arrives', () => {
    spec.given([]).when(purchase()).then([purchaseGranted]);
    spec.given([purchaseGranted]).when(purchase()).thenNothing();
    expect(canUse([purchaseGranted], 'apocalipsis', '2099-01-01T00:00:00Z').allowed).toBe(true);
    expect(canUse([purchaseGranted], 'manual-ceremonias', NOW).reason).toBe('no_access');
  });

  it('start no later than the decision, so a provider clock ahead of ours opens at once', () => {
    spec
      .given([])
      .when(purchase('2026-03-01T12:00:05.000Z'))
      .thenEvents(([event]) => {
        expect(event?.type === 'AccessGranted' && event.data.validFrom).toBe(NOW);
      });
  });

  it('a full refund revokes the grant; a second refund changes nothing', () => {
    spec.given([purchaseGranted]).when(refund).then([refunded]);
    spec.given([purchaseGranted, refunded]).when(refund).thenNothing();
    expect(canUse([purchaseGranted, refunded], 'apocalipsis', NOW).reason).toBe('revoked');
  });

  it('a refund that arrives before its payment keeps the late grant closed', () => {
    spec.given([]).when(refund).then([refunded]);
    spec.given([refunded]).when(purchase()).thenNothing();
    expect(canUse([refunded], 'apocalipsis', NOW).allowed).toBe(false);
  });
});

describe('disputes', () => {
  it('suspend the purchase; won restores it', () => {
    spec
      .given([purchaseGranted])
      .when(dispute())
      .then([disputeNoted('open'), suspended]);
    const open = [purchaseGranted, disputeNoted('open'), suspended];
    expect(canUse(open, 'apocalipsis', NOW).reason).toBe('suspended');
    spec
      .given(open)
      .when(closeDispute('won'))
      .then([disputeNoted('won'), restored]);
    expect(canUse([...open, disputeNoted('won'), restored], 'apocalipsis', NOW).allowed).toBe(true);
  });

  it('lost revokes it for good', () => {
    const lost: EntitlementEvent = {
      type: 'AccessRevoked',
      data: { grantId: `purchase:${paymentId}`, userId, reason: 'dispute', detail: 'dp_1' },
    };
    spec
      .given([purchaseGranted, disputeNoted('open'), suspended])
      .when(closeDispute('lost'))
      .then([disputeNoted('lost'), lost]);
    spec
      .given([purchaseGranted, disputeNoted('open'), suspended, disputeNoted('lost'), lost])
      .when(closeDispute('won'))
      .thenNothing();
  });

  it('are applied once each, in any order', () => {
    spec
      .given([purchaseGranted, disputeNoted('open'), suspended])
      .when(dispute())
      .thenNothing();
    // Closed (won) before it was opened here: the late opening suspends nothing.
    spec
      .given([purchaseGranted])
      .when(closeDispute('won'))
      .then([disputeNoted('won')]);
    spec
      .given([purchaseGranted, disputeNoted('won')])
      .when(dispute())
      .thenNothing();
  });

  it('a dispute that arrives before the payment keeps the late grant suspended', () => {
    spec
      .given([])
      .when(dispute())
      .then([disputeNoted('open')]);
    spec
      .given([disputeNoted('open')])
      .when(purchase())
      .then([purchaseGranted, suspended]);
  });

  it('one won dispute does not restore a grant another open dispute suspends', () => {
    spec
      .given([purchaseGranted, disputeNoted('open'), suspended, disputeNoted('open', 'dp_2')])
      .when(closeDispute('won'))
      .then([disputeNoted('won')]);
  });
});

// Plans: plan-terms.unit.test.ts.

describe('trials', () => {
  const trialGranted: EntitlementEvent = {
    type: 'AccessGranted',
    data: {
      grantId: `trial:${trialId}`,
      userId,
      scope: 'all',
      source: { kind: 'trial', ref: trialId },
      validFrom: '2026-03-01T11:00:00.000Z',
      validUntil: '2026-03-04T11:00:00.000Z',
    },
  };

  it('grant every tool until the trial ends, once', () => {
    spec.given([]).when(trial).then([trialGranted]);
    spec.given([trialGranted]).when(trial).thenNothing();
    expect(canUse([trialGranted], 'diccionario-biblico', '2026-03-04T10:59:59Z').allowed).toBe(
      true,
    );
    expect(canUse([trialGranted], 'diccionario-biblico', '2026-03-04T11:00:00Z').reason).toBe(
      'expired',
    );
  });
});

describe('admin grants and revocations', () => {
  // Each `when` starts its ids at 1, so the admin grant's id is the first sequential id.
  const adminSpec = spec;
  const granted = (scope: string, until: string | null, ref = sequentialIds()()) =>
    ({
      type: 'AccessGranted',
      data: {
        grantId: `admin:${ref}`,
        userId,
        scope,
        source: { kind: 'admin', ref, by: adminId, reason: 'Retiro pastoral' },
        validFrom: NOW,
        validUntil: until,
      },
    }) satisfies EntitlementEvent;

  it('grant one product or all, for life or until a date, with the admin and the reason', () => {
    adminSpec
      .given([])
      .when(adminGrant('manual-ceremonias'))
      .then([granted('manual-ceremonias', null)]);
    adminSpec
      .given([])
      .when(adminGrant('all', APRIL))
      .then([granted('all', APRIL)]);
    const history = [granted('all', APRIL)];
    expect(canUse(history, 'apocalipsis', '2026-03-31T00:00:00Z').grant?.source).toEqual({
      kind: 'admin',
      ref: sequentialIds()(),
      by: adminId,
      reason: 'Retiro pastoral',
    });
  });

  it('the same grant again is a no-op; other terms make a new grant', () => {
    adminSpec
      .given([granted('all', APRIL)])
      .when(adminGrant('all', APRIL))
      .thenNothing();
    adminSpec
      .given([granted('all', APRIL)])
      .when(adminGrant('all', MAY))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });

  it('refuses unknown products and ends in the past', () => {
    adminSpec
      .given([])
      .when(adminGrant('no-such-tool', null, null))
      .thenRefused({ kind: 'invalid', code: 'unknown_product' });
    adminSpec
      .given([])
      .when(adminRevoke('no-such-tool', null))
      .thenRefused({ kind: 'invalid', code: 'unknown_product' });
    adminSpec
      .given([])
      .when(adminGrant('all', '2026-01-01T00:00:00.000Z'))
      .thenRefused({ kind: 'invalid', code: 'until_in_past' });
  });

  it('refuses to grant a retired tool, and still takes back grants of one', () => {
    adminSpec
      .given([])
      .when(adminGrant('apocalipsis', null, 'retired'))
      .thenRefused({ kind: 'conflict', code: 'product_retired' });
    adminSpec
      .given([granted('apocalipsis', null)])
      .when(adminRevoke('apocalipsis', 'retired'))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });

  it('revoke takes back admin grants and purchases of that scope, not plans or trials', () => {
    const history: EntitlementEvent[] = [
      granted('apocalipsis', null),
      purchaseGranted,
      termNoted(APRIL, 1),
      subscriptionGranted(APRIL),
    ];
    const detail = 'Cuenta compartida';
    adminSpec
      .given(history)
      .when(adminRevoke('apocalipsis'))
      .then([
        {
          type: 'AccessRevoked',
          data: {
            grantId: `admin:${sequentialIds()()}`,
            userId,
            reason: 'admin',
            detail,
            source: { kind: 'admin', ref: sequentialIds()() },
          },
        },
        {
          type: 'AccessRevoked',
          // The source lets billing release the purchase (it can be bought again).
          data: {
            grantId: `purchase:${paymentId}`,
            userId,
            reason: 'admin',
            detail,
            source: { kind: 'purchase', ref: paymentId },
          },
        },
      ]);
    adminSpec.given(history).when(adminRevoke('manual-ceremonias')).thenNothing();
  });

  it('a revoked admin grant can be granted again (a new grant id)', () => {
    const first = granted('apocalipsis', null);
    const revoked: EntitlementEvent = {
      type: 'AccessRevoked',
      data: { grantId: first.data.grantId, userId, reason: 'admin', detail: 'x' },
    };
    adminSpec
      .given([first, revoked])
      .when(adminGrant('apocalipsis'))
      .thenEvents((events, after: EntitlementsState) => {
        expect(events).toHaveLength(1);
        expect(usable(grantsOf(after), 'apocalipsis', new Date(NOW)).allowed).toBe(true);
      });
  });
});
