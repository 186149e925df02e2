import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { connectionDecider } from './connection-decider.js';

const T0 = '2026-03-01T10:00:00.000Z';
const spec = deciderSpec(connectionDecider, { now: T0 });
const GRANT = 'grant-1';
const USER = '10000000-0000-4000-8000-000000000001';
const connect = {
  kind: 'Connect' as const,
  grantId: GRANT,
  userId: USER,
  clientId: 'liturgia-gpt',
  clientName: 'Liturgia GPT',
};
const made = {
  type: 'OAuthConnectionMade' as const,
  data: {
    grantId: GRANT,
    userId: USER,
    clientId: 'liturgia-gpt',
    clientName: 'Liturgia GPT',
    connectedAt: T0,
  },
};
const revoked = (reason: 'user' | 'password_changed' | 'refresh_reuse') => ({
  type: 'OAuthGrantRevoked' as const,
  data: { grantId: GRANT, userId: USER, clientId: 'liturgia-gpt', reason, revokedAt: T0 },
});

describe('a connected app (OAuth grant)', () => {
  it('is made by the consent', () => {
    spec.given([]).when(connect).then([made]);
  });

  it('is made once: the same consent again changes nothing', () => {
    spec.given([made]).when(connect).thenNothing();
  });

  it('is revoked with the reason that ended it', () => {
    spec
      .given([made])
      .when({ kind: 'Revoke', reason: 'user' })
      .then([revoked('user')]);
    spec
      .given([made])
      .when({ kind: 'Revoke', reason: 'refresh_reuse' })
      .then([revoked('refresh_reuse')]);
  });

  it('is revoked at most once, and never revoked when it was never made', () => {
    spec
      .given([made, revoked('user')])
      .when({ kind: 'Revoke', reason: 'password_changed' })
      .thenNothing();
    spec.given([]).when({ kind: 'Revoke', reason: 'user' }).thenNothing();
  });

  it('is never connected again once revoked (a new consent makes a new grant)', () => {
    spec
      .given([made, revoked('user')])
      .when(connect)
      .thenRefused({ code: 'grant_revoked' });
  });
});
