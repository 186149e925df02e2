import { examplePart } from '../privacy/export-part.fixture.js';
import { AccessExportPartReadyV1 } from './access-export-part-ready.v1.js';
import { describe, expect, it } from 'vitest';
import { eventKey, type EventDefinition } from '../envelope.js';
import * as folder from './index.js';
import {
  AccessCodeRotatedV1,
  AccessExtendedV1,
  AccessGrantedV1,
  AccessRestoredV1,
  AccessRevokedV1,
  AccessSuspendedV1,
  GptOpenedV1,
  GptOpenedV2,
  NotificationSettingsChangedV1,
  AccessGrantedV2,
  AccessRevokedV2,
  TeamRosterChangedV1,
  GiftClaimedV1,
  type AccessGrantedV1Data,
} from './index.js';

const userId = '5a3c2b1d-4e6f-4a8b-9c0d-1e2f3a4b5c6d';
const adminId = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
const paymentId = '0b9f5c1e-6a52-4c4e-9f1d-2f0f3d7c8a11';
const grantId = `purchase:${paymentId}`;
const teamId = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const giftId = '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a';

const granted: AccessGrantedV1Data = {
  grantId,
  userId,
  scope: 'manual-ceremonias',
  source: { kind: 'purchase', ref: paymentId },
  validFrom: '2026-11-21T10:00:00.000Z',
  validUntil: null,
};

const examples: [EventDefinition, unknown][] = [
  [AccessGrantedV1, granted],
  [
    AccessGrantedV1,
    {
      grantId: 'admin:2b7e0c4a-93d1-4f6e-8a2b-6c9d0e1f2a3b',
      userId,
      scope: 'all',
      source: {
        kind: 'admin',
        ref: '2b7e0c4a-93d1-4f6e-8a2b-6c9d0e1f2a3b',
        by: adminId,
        reason: 'Cortesía para el retiro pastoral',
      },
      validFrom: '2026-11-21T10:00:00Z',
      validUntil: '2026-12-31T23:59:59Z',
    },
  ],
  [AccessExtendedV1, { grantId, userId, validUntil: '2027-01-21T10:00:00Z' }],
  [AccessRevokedV1, { grantId, userId, reason: 'refund' }],
  [AccessRevokedV1, { grantId, userId, reason: 'admin', detail: 'Cuenta compartida' }],
  [AccessSuspendedV1, { grantId, userId, reason: 'dispute' }],
  [AccessRestoredV1, { grantId, userId }],
  [
    GptOpenedV1,
    { userId, productId: 'generador-sermones', via: 'gpt_action', at: '2026-11-21T10:05:00Z' },
  ],
  [
    GptOpenedV2,
    {
      userId,
      productId: 'generador-sermones',
      via: 'mcp',
      at: '2026-11-21T10:05:00Z',
      auth: 'code',
    },
  ],
  [
    GptOpenedV2,
    {
      userId,
      productId: 'generador-sermones',
      via: 'gpt_action',
      at: '2026-11-21T10:05:00Z',
      auth: 'oauth',
      clientId: 'mia-gpt-sermones',
      grantId: 'Xq3v9TzP1kLm',
    },
  ],
  [AccessCodeRotatedV1, { userId, rotatedAt: '2026-11-21T10:06:00Z' }],
  [
    NotificationSettingsChangedV1,
    { userId, emailNotifications: false, usageAlerts: true, changedAt: '2026-11-21T10:07:00Z' },
  ],
  [AccessExportPartReadyV1, examplePart('access')],
  [AccessGrantedV2, granted],
  [
    AccessGrantedV2,
    {
      grantId: `team:${teamId}`,
      userId,
      scope: 'all',
      source: { kind: 'team', ref: teamId, teamName: 'Iglesia Central' },
      validFrom: '2026-11-21T10:00:00Z',
      validUntil: '2026-12-21T10:00:00Z',
    },
  ],
  [
    AccessGrantedV2,
    {
      grantId: `gift:${giftId}`,
      userId,
      scope: 'manual-ceremonias',
      source: { kind: 'gift', ref: giftId, giftFrom: adminId },
      validFrom: '2026-11-21T10:00:00Z',
      validUntil: null,
    },
  ],
  [
    AccessRevokedV2,
    {
      grantId: `team:${teamId}`,
      userId,
      reason: 'team_seat_ended',
      source: { kind: 'team', ref: teamId },
    },
  ],
  [
    TeamRosterChangedV1,
    {
      teamId,
      members: 2,
      pendingInvitations: 1,
      seatsTaken: 3,
      rosterVersion: 7,
      at: '2026-11-21T10:00:00Z',
    },
  ],
  [
    GiftClaimedV1,
    {
      giftId,
      buyerId: adminId,
      recipientId: userId,
      alreadyOwned: false,
      claimedAt: '2026-11-22T10:00:00Z',
    },
  ],
];

describe('access events', () => {
  it.each(examples.map(([d, data]) => [d.type, d, data] as const))(
    '%s: a valid example parses unchanged',
    (_type, definition, data) => {
      expect(definition.schema.parse(data)).toEqual(data);
    },
  );

  it('every access event has an example', () => {
    const defined = Object.values(folder)
      .filter((v) => typeof v === 'object' && 'producer' in v)
      .map((d) => eventKey(d as EventDefinition));
    expect(new Set(examples.map(([d]) => eventKey(d)))).toEqual(new Set(defined));
  });

  const grantParses = (change: Partial<Record<keyof AccessGrantedV1Data, unknown>>) =>
    AccessGrantedV1.schema.safeParse({ ...granted, ...change }).success;

  it('takes a product id or all as scope, nothing else', () => {
    for (const scope of ['', 'ALL', 'Manual Ceremonias', 'manual_ceremonias', '-manual', 7]) {
      expect(grantParses({ scope }), String(scope)).toBe(false);
    }
  });

  it('refuses unknown sources, a non-uuid admin and control characters', () => {
    expect(grantParses({ source: { kind: 'gift', ref: 'x' } })).toBe(false);
    expect(grantParses({ source: { kind: 'admin', ref: 'x', by: 'root' } })).toBe(false);
    expect(grantParses({ source: { kind: 'admin', ref: 'x', reason: 'a\u0007b' } })).toBe(false);
    expect(grantParses({ grantId: `purchase:${paymentId}\n` })).toBe(false);
    expect(grantParses({ grantId: 'x'.repeat(201) })).toBe(false);
  });

  it('refuses unknown revocation reasons and suspensions other than disputes', () => {
    expect(AccessRevokedV1.schema.safeParse({ grantId, userId, reason: 'expired' }).success).toBe(
      false,
    );
    expect(AccessSuspendedV1.schema.safeParse({ grantId, userId, reason: 'admin' }).success).toBe(
      false,
    );
  });

  it('never carries an access code or its hash', () => {
    const leaky = { userId, rotatedAt: '2026-11-21T10:06:00Z', accessCode: 'MIA-1234' };
    expect(AccessCodeRotatedV1.schema.safeParse(leaky).success).toBe(false);
    const hashed = { userId, rotatedAt: '2026-11-21T10:06:00Z', codeHash: 'a1b2' };
    expect(AccessCodeRotatedV1.schema.safeParse(hashed).success).toBe(false);
  });
});
