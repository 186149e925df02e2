import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import {
  entitlementEventVersion,
  readEntitlementEvent,
  type EntitlementEvent,
} from './entitlement-events.js';
import {
  entitlementsDecider,
  grantsOf,
  type EntitlementCommand,
  type EntitlementsState,
} from './entitlements-decider.js';
import { usable } from './grants.js';

// grant-source / revoke-source: the generic commands other features (team seats, gifts) keep
// their grants with. The feature decides; the user's stream only holds the grant.

const userId = '00000000-0000-4000-8000-0000000000aa';
const teamId = '00000000-0000-4000-8000-0000000000e1';
const NOW = '2026-03-01T12:00:00.000Z';
const grantId = `team:${teamId}`;
const spec = deciderSpec(entitlementsDecider, { now: NOW });

const seat = (validUntil: string | null = '2026-04-01T00:00:00.000Z'): EntitlementCommand => ({
  kind: 'grant-source',
  userId,
  grantId,
  scope: 'all',
  source: { kind: 'team', ref: teamId, teamName: 'Iglesia Central' },
  validFrom: '2026-03-01T11:00:00.000Z',
  validUntil,
});
const seatGranted = (validUntil: string | null = '2026-04-01T00:00:00.000Z'): EntitlementEvent => ({
  type: 'AccessGranted',
  data: {
    grantId,
    userId,
    scope: 'all',
    source: { kind: 'team', ref: teamId, teamName: 'Iglesia Central' },
    validFrom: '2026-03-01T11:00:00.000Z',
    validUntil,
  },
});
const seatEnded: EntitlementCommand = {
  kind: 'revoke-source',
  userId,
  grantId,
  reason: 'team_seat_ended',
};
const seatRevoked = (withSource: boolean): EntitlementEvent => ({
  type: 'AccessRevoked',
  data: {
    grantId,
    userId,
    reason: 'team_seat_ended',
    ...(withSource ? { source: { kind: 'team' as const, ref: teamId } } : {}),
  },
});

describe('grants from other sources (team seats, gifts)', () => {
  it('grants a team seat as a v2 grant that opens every tool', () => {
    spec
      .given([])
      .when(seat())
      .thenEvents((events, after: EntitlementsState) => {
        expect(events).toEqual([seatGranted()]);
        expect(entitlementEventVersion(events[0]!)).toBe(2);
        expect(usable(grantsOf(after), 'apocalipsis', new Date(NOW))).toMatchObject({
          allowed: true,
          grant: { source: { kind: 'team', teamName: 'Iglesia Central' } },
        });
      });
  });

  it('a redelivered grant changes nothing; a new end moves the window', () => {
    spec.given([seatGranted()]).when(seat()).thenNothing();
    spec
      .given([seatGranted()])
      .when(seat('2026-05-01T00:00:00.000Z'))
      .then([
        {
          type: 'AccessExtended',
          data: { grantId, userId, validUntil: '2026-05-01T00:00:00.000Z' },
        },
      ]);
    // A lapse shortens it: the plan is no longer usable from now.
    spec
      .given([seatGranted()])
      .when(seat(NOW))
      .then([{ type: 'AccessExtended', data: { grantId, userId, validUntil: NOW } }]);
  });

  it('a gift of a tool for life is granted with who paid for it', () => {
    const giftFrom = '00000000-0000-4000-8000-0000000000bb';
    spec
      .given([])
      .when({
        kind: 'grant-source',
        userId,
        grantId: 'gift:g1',
        scope: 'apocalipsis',
        source: { kind: 'gift', ref: 'g1', giftFrom },
        validFrom: NOW,
        validUntil: null,
      })
      .then([
        {
          type: 'AccessGranted',
          data: {
            grantId: 'gift:g1',
            userId,
            scope: 'apocalipsis',
            source: { kind: 'gift', ref: 'g1', giftFrom },
            validFrom: NOW,
            validUntil: null,
          },
        },
      ]);
  });

  it('revokes with the source, once', () => {
    spec
      .given([seatGranted()])
      .when(seatEnded)
      .then([seatRevoked(true)]);
    spec
      .given([seatGranted(), seatRevoked(true)])
      .when(seatEnded)
      .thenNothing();
    spec
      .given([seatGranted()])
      .when({ ...seatEnded, reason: 'subscription_ended', detail: 'plan  ended\n' })
      .then([
        {
          type: 'AccessRevoked',
          data: {
            grantId,
            userId,
            reason: 'subscription_ended',
            detail: 'plan ended',
            source: { kind: 'team', ref: teamId },
          },
        },
      ]);
  });

  it('a revocation that arrives first is remembered: the late grant opens nothing', () => {
    spec
      .given([])
      .when(seatEnded)
      .then([seatRevoked(false)]);
    spec
      .given([seatRevoked(false)])
      .when(seat())
      .thenNothing();
    const { state } = spec.given([seatRevoked(false), seatGranted()]);
    expect(usable(grantsOf(state), 'apocalipsis', new Date(NOW)).allowed).toBe(false);
  });

  it('a seat sits beside the member’s own purchase: revoking it leaves the purchase', () => {
    const purchase: EntitlementEvent = {
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
    const { state } = spec.given([purchase, seatGranted(), seatRevoked(true)]);
    expect(usable(grantsOf(state), 'apocalipsis', new Date(NOW)).allowed).toBe(true);
    expect(usable(grantsOf(state), 'genesis', new Date(NOW)).allowed).toBe(false);
  });
});

describe('stored versions', () => {
  it('appends grants and revocations as v2, and reads the v1 older streams hold', () => {
    const stored = (type: string, version: number, data: unknown) => ({
      id: 'e1',
      streamId: `entitlements-${userId}`,
      streamVersion: 1,
      globalPosition: 1,
      transactionId: '1',
      type,
      version,
      data,
      metadata: { correlationId: 'c', causationId: null, requestId: 'r' },
      occurredAt: NOW,
    });
    const v1 = {
      grantId: 'purchase:p1',
      userId,
      scope: 'apocalipsis',
      source: { kind: 'purchase', ref: 'p1' },
      validFrom: NOW,
      validUntil: null,
    };
    expect(readEntitlementEvent(stored('AccessGranted', 1, v1))).toEqual({
      type: 'AccessGranted',
      data: v1,
    });
    expect(
      readEntitlementEvent(
        stored('AccessRevoked', 1, { grantId: 'purchase:p1', userId, reason: 'refund' }),
      )?.type,
    ).toBe('AccessRevoked');
    expect(entitlementEventVersion(seatRevoked(true))).toBe(2);
    expect(entitlementEventVersion({ type: 'AccessRestored', data: { grantId, userId } })).toBe(1);
  });
});
