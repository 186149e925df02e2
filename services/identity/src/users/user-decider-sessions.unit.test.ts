import { describe, expect, it } from 'vitest';
import {
  after,
  EMAIL,
  HASH_1,
  HASH_2,
  hours,
  loggedOut,
  NEW_ID,
  passwordSet,
  registration,
  REHASHED,
  sessionId,
  sessionStarted,
  spec,
  T0,
  TOKEN_A,
  USER_ID,
  verificationRequested,
} from './user-events.fixture.js';

describe('user decider: registration', () => {
  it('registers an unverified user with their hash, mails a 24-hour link and signs them in', () => {
    spec
      .given([])
      .when({
        kind: 'RegisterUser',
        userId: USER_ID,
        email: EMAIL,
        name: 'Ana',
        username: 'ana',
        passwordHash: HASH_1,
        verificationTokenHash: TOKEN_A,
      })
      .then([
        {
          type: 'UserRegistered',
          data: { userId: USER_ID, email: EMAIL, name: 'Ana', username: 'ana', role: 'user' },
        },
        passwordSet(HASH_1, 'registration'),
        verificationRequested(TOKEN_A),
        {
          type: 'SessionStarted',
          data: { userId: USER_ID, sessionId: NEW_ID, startedAt: T0, expiresAt: after(hours(12)) },
        },
      ]);
  });

  it('refuses to register the same user twice', () => {
    spec
      .given(registration())
      .when({
        kind: 'RegisterUser',
        userId: USER_ID,
        email: EMAIL,
        name: 'Ana',
        username: 'ana',
        passwordHash: HASH_2,
        verificationTokenHash: TOKEN_A,
      })
      .thenRefused({ kind: 'conflict', code: 'already_registered' });
  });
});

describe('user decider: sign-in', () => {
  it('starts a session when the checked hash is the current one', () => {
    spec
      .given(registration())
      .when({ kind: 'StartSession', challengeHash: TOKEN_A, checkedHash: HASH_1 }, after(hours(1)))
      .then([sessionStarted(NEW_ID, after(hours(1)))]);
  });

  it.each(['change', 'reset'] as const)(
    'refuses the sign-in when the password was set by a %s after it was checked',
    (reason) => {
      spec
        .given([...registration(), passwordSet(HASH_2, reason)])
        .when({ kind: 'StartSession', challengeHash: TOKEN_A, checkedHash: HASH_1 })
        .thenRefused({
          kind: 'unauthorized',
          code: 'invalid_credentials',
          message: 'Invalid email or password',
        });
    },
  );

  it('refuses a sign-in on a stream with no user', () => {
    spec
      .given([])
      .when({ kind: 'StartSession', challengeHash: TOKEN_A, checkedHash: HASH_1 })
      .thenRefused({ kind: 'unauthorized', code: 'invalid_credentials' });
  });

  it('stores a hash of the new cost before the session when asked to rehash', () => {
    spec
      .given(registration())
      .when({
        kind: 'StartSession',
        challengeHash: TOKEN_A,
        checkedHash: HASH_1,
        rehashedHash: REHASHED,
      })
      .then([passwordSet(REHASHED, 'rehash'), sessionStarted(NEW_ID)]);
  });

  it('accepts a check made just before a concurrent rehash (same password) and rehashes once', () => {
    spec
      .given([...registration(), passwordSet(REHASHED, 'rehash')])
      .when({
        kind: 'StartSession',
        challengeHash: TOKEN_A,
        checkedHash: HASH_1,
        rehashedHash: HASH_2,
      })
      .then([sessionStarted(NEW_ID)]);
  });

  it('forgets the hash a rehash replaced once the password really changes', () => {
    spec
      .given([...registration(), passwordSet(REHASHED, 'rehash'), passwordSet(HASH_2, 'change')])
      .when({ kind: 'StartSession', challengeHash: TOKEN_A, checkedHash: HASH_1 })
      .thenRefused({ code: 'invalid_credentials' });
  });
});

describe('user decider: sign-out', () => {
  const started = [...registration(), sessionStarted(sessionId(2), after(hours(1)))];

  it('ends the one session, until its own absolute end', () => {
    spec
      .given(started)
      .when({ kind: 'EndSession', sessionId: sessionId(2) }, after(hours(2)))
      .then([
        {
          type: 'SessionsRevoked',
          data: {
            userId: USER_ID,
            sessionIds: [sessionId(2)],
            revokedBefore: null,
            expiresAt: after(hours(13)),
            reason: 'logout',
          },
        },
      ]);
  });

  it('ends a session once: ending it again changes nothing', () => {
    spec
      .given([...started, loggedOut(sessionId(2), after(hours(13)))])
      .when({ kind: 'EndSession', sessionId: sessionId(2) })
      .thenNothing();
  });

  it('changes nothing for a session past its absolute end, unknown, or of no user', () => {
    spec
      .given(started)
      .when({ kind: 'EndSession', sessionId: sessionId(1) }, after(hours(12)))
      .thenNothing();
    spec
      .given(started)
      .when({ kind: 'EndSession', sessionId: sessionId(9) })
      .thenNothing();
    spec
      .given([])
      .when({ kind: 'EndSession', sessionId: sessionId(1) })
      .thenNothing();
  });

  it('drops an ended session from the state', () => {
    const { state } = spec.given([...started, loggedOut(sessionId(1), after(hours(12)))]);
    expect(state.sessions.map((s) => s.id)).toEqual([sessionId(2)]);
  });
});
