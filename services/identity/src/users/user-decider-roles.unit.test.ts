import { describe, expect, it } from 'vitest';
import {
  after,
  EMAIL,
  emailVerified,
  hours,
  registration,
  sessionId,
  sessionStarted,
  spec,
  T0,
  USER_ID,
} from './user-events.fixture.js';

const ADMINS = [EMAIL, 'otra@iglesia.example'];

describe('user decider: roles from ADMIN_EMAILS', () => {
  const signedInTwice = [...registration(), sessionStarted(sessionId(2), after(hours(1)))];
  const verified = [...signedInTwice, emailVerified(after(hours(1)))];

  it('makes a verified listed address admin and revokes every alive session, whose tokens carry the old role', () => {
    spec
      .given(verified)
      .when({ kind: 'ApplyAdminEmails', adminEmails: ADMINS }, after(hours(2)))
      .then([
        {
          type: 'UserRoleChanged',
          data: { userId: USER_ID, email: EMAIL, role: 'admin', previousRole: 'user' },
        },
        {
          type: 'SessionsRevoked',
          data: {
            userId: USER_ID,
            sessionIds: [sessionId(1), sessionId(2)],
            revokedBefore: after(hours(2)),
            expiresAt: after(hours(14)),
            reason: 'role-changed',
          },
        },
      ]);
  });

  it('leaves a listed address that is not verified a user: registering it first proves nothing', () => {
    spec.given(signedInTwice).when({ kind: 'ApplyAdminEmails', adminEmails: ADMINS }).thenNothing();
  });

  it('takes the admin role back from an unverified admin (registered before verification existed)', () => {
    spec
      .given(registration(T0, 'admin'))
      .when({ kind: 'ApplyAdminEmails', adminEmails: ADMINS }, after(hours(1)))
      .then([
        {
          type: 'UserRoleChanged',
          data: { userId: USER_ID, email: EMAIL, role: 'user', previousRole: 'admin' },
        },
        {
          type: 'SessionsRevoked',
          data: {
            userId: USER_ID,
            sessionIds: [sessionId(1)],
            revokedBefore: after(hours(1)),
            expiresAt: after(hours(13)),
            reason: 'role-changed',
          },
        },
      ]);
  });

  it('takes the admin role back from an address no longer listed', () => {
    spec
      .given([...registration(T0, 'admin'), emailVerified()])
      .when({ kind: 'ApplyAdminEmails', adminEmails: ['otra@iglesia.example'] })
      .thenEvents((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['UserRoleChanged', 'SessionsRevoked']);
        expect(state.role).toBe('user');
      });
  });

  it('changes nothing when the user already has the role, or a concurrent start set it', () => {
    spec.given(signedInTwice).when({ kind: 'ApplyAdminEmails', adminEmails: [] }).thenNothing();
    spec
      .given([
        ...verified,
        {
          type: 'UserRoleChanged',
          data: { userId: USER_ID, email: EMAIL, role: 'admin', previousRole: 'user' },
        },
      ])
      .when({ kind: 'ApplyAdminEmails', adminEmails: ADMINS })
      .thenNothing();
  });

  it('refuses on a stream with no user', () => {
    spec
      .given([])
      .when({ kind: 'ApplyAdminEmails', adminEmails: ADMINS })
      .thenRefused({ kind: 'not_found' });
  });
});
