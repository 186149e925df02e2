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
const PASTOR = { userId: '10000000-0000-4000-8000-000000000009', email: 'pastor@iglesia.example' };

const roleChanged = (role: 'user' | 'admin', by: typeof PASTOR | null, reason: string) => ({
  type: 'UserRoleChanged' as const,
  data: {
    userId: USER_ID,
    email: EMAIL,
    role,
    previousRole: role === 'admin' ? ('user' as const) : ('admin' as const),
    by,
    reason,
  },
});

describe('user decider: ADMIN_EMAILS bootstraps admins and never demotes', () => {
  const signedInTwice = [...registration(), sessionStarted(sessionId(2), after(hours(1)))];
  const verified = [...signedInTwice, emailVerified(after(hours(1)))];

  it('makes a verified listed address admin and revokes every alive session, whose tokens carry the old role', () => {
    spec
      .given(verified)
      .when({ kind: 'ApplyAdminEmails', adminEmails: ADMINS }, after(hours(2)))
      .then([
        roleChanged('admin', null, 'ADMIN_EMAILS'),
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

  it('never takes the admin role away: an empty list, another list, an unverified admin', () => {
    const admin = [...verified, roleChanged('admin', null, 'ADMIN_EMAILS')];
    spec.given(admin).when({ kind: 'ApplyAdminEmails', adminEmails: [] }).thenNothing();
    spec
      .given(admin)
      .when({ kind: 'ApplyAdminEmails', adminEmails: ['otra@iglesia.example'] })
      .thenNothing();
    spec
      .given(registration(T0, 'admin'))
      .when({ kind: 'ApplyAdminEmails', adminEmails: [] })
      .thenNothing();
  });

  it('changes nothing when the user already has the role, or a concurrent start set it', () => {
    spec.given(signedInTwice).when({ kind: 'ApplyAdminEmails', adminEmails: [] }).thenNothing();
    spec
      .given([...verified, roleChanged('admin', null, 'ADMIN_EMAILS')])
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

describe('user decider: an admin grants and removes the role, saying who and why', () => {
  const verified = [...registration(), emailVerified()];
  const grant = (role: 'user' | 'admin', by = PASTOR) =>
    ({ kind: 'ChangeRole', role, by, reason: 'Atiende el soporte' }) as const;

  it('grants admin to a verified user and ends the sessions that carry the user role', () => {
    spec
      .given(verified)
      .when(grant('admin'), after(hours(1)))
      .then([
        roleChanged('admin', PASTOR, 'Atiende el soporte'),
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

  it('removes the admin role, which only a command does', () => {
    spec
      .given([...verified, roleChanged('admin', null, 'ADMIN_EMAILS')])
      .when(grant('user'))
      .thenEvents((events, state) => {
        expect(events[0]).toEqual(roleChanged('user', PASTOR, 'Atiende el soporte'));
        expect(state.role).toBe('user');
      });
  });

  it('changes nothing when the user already has the role', () => {
    spec.given(verified).when(grant('user')).thenNothing();
  });

  it('refuses the admin role to an unverified address, and an admin changing their own role', () => {
    spec
      .given(registration())
      .when(grant('admin'))
      .thenRefused({ kind: 'conflict', code: 'email_not_verified' });
    spec
      .given(verified)
      .when(grant('user', { userId: USER_ID, email: EMAIL }))
      .thenRefused({ kind: 'conflict', code: 'own_role' });
  });
});
