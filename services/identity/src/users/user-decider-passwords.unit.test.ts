import { describe, expect, it } from 'vitest';
import type { UserEvent } from './events.js';
import {
  after,
  HASH_1,
  HASH_2,
  HASH_3,
  hours,
  loggedOut,
  NEW_ID,
  passwordSet,
  registered,
  resetRequested,
  sessionId,
  sessionStarted,
  spec,
  T0,
  TOKEN_A,
  USER_ID,
} from './user-events.fixture.js';

// Registered 12.5 hours before T0: session 1 is still in the state but past its 12-hour end at
// T0; session 2 is alive, session 3 was logged out, session 4 is alive.
const history: UserEvent[] = [
  registered(),
  passwordSet(HASH_1, 'registration'),
  sessionStarted(sessionId(1), after(-hours(12.5))),
  sessionStarted(sessionId(2), after(-hours(3))),
  sessionStarted(sessionId(3), after(-hours(2))),
  loggedOut(sessionId(3), after(hours(10))),
  sessionStarted(sessionId(4), after(-hours(1))),
];

const revokedAll = (reason: 'password-change' | 'password-reset'): UserEvent => ({
  type: 'SessionsRevoked',
  data: {
    userId: USER_ID,
    sessionIds: [sessionId(2), sessionId(4)],
    revokedBefore: T0,
    expiresAt: after(hours(12)),
    reason,
  },
});

describe('user decider: password change', () => {
  it('sets the hash, revokes every alive session by id and starts a new one for the caller', () => {
    spec
      .given(history)
      .when({ kind: 'ChangePassword', checkedHash: HASH_1, newPasswordHash: HASH_2 })
      .then([
        passwordSet(HASH_2, 'change'),
        { type: 'PasswordChanged', data: { userId: USER_ID, reason: 'change', changedAt: T0 } },
        revokedAll('password-change'),
        sessionStarted(NEW_ID),
      ]);
  });

  it('leaves only the new session in the state', () => {
    spec
      .given(history)
      .when({ kind: 'ChangePassword', checkedHash: HASH_1, newPasswordHash: HASH_2 })
      .thenEvents((_events, state) => {
        expect(state.sessions.map((s) => s.id)).toEqual([NEW_ID]);
        expect(state.passwordHash).toBe(HASH_2);
      });
  });

  it('refuses when the password changed after the current one was checked', () => {
    spec
      .given([...history, passwordSet(HASH_3, 'reset', TOKEN_A)])
      .when({ kind: 'ChangePassword', checkedHash: HASH_1, newPasswordHash: HASH_2 })
      .thenRefused({
        kind: 'invalid',
        code: 'wrong_password',
        message: 'Your current password is incorrect',
      });
  });

  it('refuses on a stream with no user', () => {
    spec
      .given([])
      .when({ kind: 'ChangePassword', checkedHash: HASH_1, newPasswordHash: HASH_2 })
      .thenRefused({ kind: 'not_found' });
  });
});

describe('user decider: password reset', () => {
  const requested = [...history, resetRequested(TOKEN_A, after(-30 * 60_000))];

  it('sets the hash naming the link, and revokes every alive session without starting one', () => {
    spec
      .given(requested)
      .when({ kind: 'ResetPassword', tokenHash: TOKEN_A, newPasswordHash: HASH_2 })
      .then([
        passwordSet(HASH_2, 'reset', TOKEN_A),
        { type: 'PasswordChanged', data: { userId: USER_ID, reason: 'reset', changedAt: T0 } },
        revokedAll('password-reset'),
      ]);
  });

  it('leaves no session in the state', () => {
    spec
      .given(requested)
      .when({ kind: 'ResetPassword', tokenHash: TOKEN_A, newPasswordHash: HASH_2 })
      .thenEvents((_events, state) => expect(state.sessions).toEqual([]));
  });
});
