import { describe, it } from 'vitest';
import {
  after,
  EMAIL,
  hours,
  registration,
  sessionId,
  sessionStarted,
  spec,
  T0,
  USER_ID,
} from './user-events.fixture.js';

describe('user decider: roles', () => {
  const signedInTwice = [...registration(), sessionStarted(sessionId(2), after(hours(1)))];

  it('changes the role and revokes every alive session, whose tokens carry the old one', () => {
    spec
      .given(signedInTwice)
      .when({ kind: 'SetRole', role: 'admin' }, after(hours(2)))
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

  it('changes nothing when the user already has the role', () => {
    spec.given(signedInTwice).when({ kind: 'SetRole', role: 'user' }).thenNothing();
    spec.given(registration(T0, 'admin')).when({ kind: 'SetRole', role: 'admin' }).thenNothing();
  });

  it('changes nothing once a concurrent start already changed it', () => {
    spec
      .given([
        ...registration(),
        {
          type: 'UserRoleChanged',
          data: { userId: USER_ID, email: EMAIL, role: 'admin', previousRole: 'user' },
        },
      ])
      .when({ kind: 'SetRole', role: 'admin' })
      .thenNothing();
  });

  it('refuses on a stream with no user', () => {
    spec.given([]).when({ kind: 'SetRole', role: 'admin' }).thenRefused({ kind: 'not_found' });
  });
});
