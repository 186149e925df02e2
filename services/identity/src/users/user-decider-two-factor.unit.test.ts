import { describe, expect, it } from 'vitest';
import { hashRecoveryCode } from './recovery-codes.js';
import { totpCodeAt } from './totp.js';
import {
  after,
  CHALLENGE,
  challenged,
  enrolmentStarted,
  HASH_1,
  HASH_2,
  hours,
  MINUTE,
  NEW_ID,
  registration,
  SECRET,
  sessionId,
  spec,
  T0,
  twoFactorEnabled,
  USER_ID,
} from './user-events.fixture.js';

/** The app's code at an instant, and the TOTP time step it belongs to. */
const codeAt = (iso: string) => totpCodeAt(SECRET, new Date(iso));
const stepAt = (iso: string) => Math.floor(Date.parse(iso) / 30_000);

const RECOVERY = ['abcde-fghjk', 'mnpqr-stuvw'];
const RECOVERY_HASHES = RECOVERY.map(hashRecoveryCode);

const enabledAt = T0;
const enrolled = [
  ...registration(),
  enrolmentStarted(),
  twoFactorEnabled(stepAt(enabledAt), RECOVERY_HASHES),
];

const session = (at: string, amr: ('pwd' | 'otp')[]) => ({
  type: 'SessionStarted' as const,
  data: {
    userId: USER_ID,
    sessionId: NEW_ID,
    startedAt: at,
    expiresAt: new Date(Date.parse(at) + hours(12)).toISOString(),
    amr,
  },
});

describe('user decider: enrolling an authenticator app', () => {
  it('records the secret of a set-up, which a second set-up replaces', () => {
    spec
      .given(registration())
      .when({ kind: 'StartTotpEnrolment', secret: SECRET })
      .then([enrolmentStarted()]);
    spec
      .given([...registration(), enrolmentStarted('AAAAAAAAAAAAAAAA')])
      .when({ kind: 'StartTotpEnrolment', secret: SECRET })
      .thenEvents((_events, state) => expect(state.twoFactor.pendingSecret).toBe(SECRET));
  });

  it('refuses a set-up while the second factor is on', () => {
    spec
      .given(enrolled)
      .when({ kind: 'StartTotpEnrolment', secret: SECRET })
      .thenRefused({ kind: 'conflict', code: 'two_factor_already_enabled' });
  });
});

describe('user decider: enabling with the app code', () => {
  const at = after(MINUTE);
  const enable = (code: string) =>
    ({
      kind: 'EnableTotp',
      code,
      recoveryCodeHashes: RECOVERY_HASHES,
      sessionId: sessionId(1),
    }) as const;

  it('turns it on, ends the password-only session and starts one made with both factors', () => {
    spec
      .given([...registration(), enrolmentStarted()])
      .when(enable(codeAt(at)), at)
      .then([
        twoFactorEnabled(stepAt(at), RECOVERY_HASHES),
        {
          type: 'SessionsRevoked',
          data: {
            userId: USER_ID,
            sessionIds: [sessionId(1)],
            revokedBefore: null,
            expiresAt: after(hours(12)),
            reason: 'logout',
          },
        },
        session(at, ['pwd', 'otp']),
      ]);
  });

  it("accepts the previous step's code (a phone's clock drifts), not one two steps away", () => {
    spec
      .given([...registration(), enrolmentStarted()])
      .when(enable(codeAt(after(MINUTE - 30_000))), at)
      .thenEvents((events) => expect(events[0]?.type).toBe('TwoFactorEnabled'));
    spec
      .given([...registration(), enrolmentStarted()])
      .when(enable(codeAt(after(MINUTE - 90_000))), at)
      .thenRefused({ kind: 'invalid', code: 'invalid_code' });
  });

  it('refuses a wrong code, a code without a set-up, and a second enabling', () => {
    spec
      .given([...registration(), enrolmentStarted()])
      .when(enable(codeAt(at) === '000000' ? '111111' : '000000'), at)
      .thenRefused({ kind: 'invalid', code: 'invalid_code' });
    spec
      .given(registration())
      .when(enable(codeAt(at)), at)
      .thenRefused({ kind: 'conflict', code: 'totp_setup_required' });
    spec
      .given(enrolled)
      .when(enable(codeAt(at)), at)
      .thenRefused({ kind: 'conflict', code: 'two_factor_already_enabled' });
  });
});

describe('user decider: signing in with a second factor', () => {
  const signIn = { kind: 'StartSession', checkedHash: HASH_1, challengeHash: CHALLENGE } as const;

  it('opens a five-minute pending sign-in instead of a session once the factor is on', () => {
    spec
      .given(enrolled)
      .when(signIn, after(hours(1)))
      .then([challenged(CHALLENGE, after(hours(1)))]);
  });

  it('starts a password session as before while it is off', () => {
    spec
      .given(registration())
      .when(signIn)
      .thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['SessionStarted']));
  });

  const waiting = [...enrolled, challenged(CHALLENGE, after(hours(1)))];
  const complete = (code: string) =>
    ({ kind: 'CompleteSignIn', challengeHash: CHALLENGE, code }) as const;

  it('completes it with the current code: a session made with both factors', () => {
    const at = after(hours(1) + MINUTE);
    spec
      .given(waiting)
      .when(complete(codeAt(at)), at)
      .then([
        {
          type: 'SecondFactorVerified',
          data: { userId: USER_ID, challengeHash: CHALLENGE, method: 'totp', step: stepAt(at) },
        },
        session(at, ['pwd', 'otp']),
      ]);
  });

  it('never accepts the same code twice, even within its window, nor an older one', () => {
    const at = after(hours(1) + MINUTE);
    const used = {
      type: 'SecondFactorVerified' as const,
      data: {
        userId: USER_ID,
        challengeHash: 'd'.repeat(64),
        method: 'totp' as const,
        step: stepAt(at),
      },
    };
    spec
      .given([...waiting, used])
      .when(complete(codeAt(at)), after(hours(1) + MINUTE + 10_000))
      .thenRefused({ kind: 'unauthorized', code: 'code_already_used' });
    spec
      .given([...waiting, used])
      .when(complete(codeAt(after(hours(1) + 30_000))), at)
      .thenRefused({ kind: 'unauthorized', code: 'code_already_used' });
    // The code that enabled the factor cannot sign in either.
    spec
      .given([...enrolled, challenged(CHALLENGE, enabledAt)])
      .when(complete(codeAt(enabledAt)), after(10_000))
      .thenRefused({ kind: 'unauthorized', code: 'code_already_used' });
  });

  it('refuses a wrong code, and a pending sign-in that expired, is unknown or was completed', () => {
    const at = after(hours(1) + MINUTE);
    spec
      .given(waiting)
      .when(complete(codeAt(at) === '000000' ? '111111' : '000000'), at)
      .thenRefused({ kind: 'unauthorized', code: 'invalid_code' });
    spec
      .given(waiting)
      .when(complete(codeAt(after(hours(1) + 5 * MINUTE))), after(hours(1) + 5 * MINUTE))
      .thenRefused({ kind: 'unauthorized', code: 'second_factor_expired' });
    spec
      .given(waiting)
      .when({ ...complete(codeAt(at)), challengeHash: 'e'.repeat(64) }, at)
      .thenRefused({ kind: 'unauthorized', code: 'second_factor_expired' });
    spec
      .given([
        ...waiting,
        {
          type: 'SecondFactorVerified',
          data: {
            userId: USER_ID,
            challengeHash: CHALLENGE,
            method: 'recovery',
            recoveryCodeHash: RECOVERY_HASHES[0]!,
          },
        },
      ])
      .when(complete(codeAt(at)), at)
      .thenRefused({ kind: 'unauthorized', code: 'second_factor_expired' });
  });

  it('accepts a recovery code once, typed in any case and without its dash', () => {
    const at = after(hours(1) + MINUTE);
    const usedOnce = {
      type: 'SecondFactorVerified' as const,
      data: {
        userId: USER_ID,
        challengeHash: CHALLENGE,
        method: 'recovery' as const,
        recoveryCodeHash: RECOVERY_HASHES[0]!,
      },
    };
    spec
      .given(waiting)
      .when(complete('ABCDEFGHJK'), at)
      .then([usedOnce, session(at, ['pwd', 'otp'])]);
    spec
      .given([...waiting, usedOnce, challenged('f'.repeat(64), at)])
      .when({ ...complete(RECOVERY[0]!), challengeHash: 'f'.repeat(64) }, at)
      .thenRefused({ kind: 'unauthorized', code: 'invalid_code' });
    // The other codes still work.
    spec
      .given([...waiting, usedOnce, challenged('f'.repeat(64), at)])
      .when({ ...complete(RECOVERY[1]!), challengeHash: 'f'.repeat(64) }, at)
      .thenEvents((events, state) => {
        expect(events[0]?.type).toBe('SecondFactorVerified');
        expect(state.twoFactor.recoveryCodeHashes).toEqual([]);
      });
  });
});

describe('user decider: disabling', () => {
  const at = after(hours(2));
  const disable = (code: string, checkedHash = HASH_1) =>
    ({ kind: 'DisableTwoFactor', checkedHash, code, sessionId: sessionId(1) }) as const;

  it('turns it off with the password and a code, and starts a password session', () => {
    spec
      .given(enrolled)
      .when(disable(codeAt(at)), at)
      .thenEvents((events, state) => {
        expect(events.map((e) => e.type)).toEqual([
          'TwoFactorDisabled',
          'SessionsRevoked',
          'SessionStarted',
        ]);
        expect(events[2]).toEqual(session(at, ['pwd']));
        expect(state.twoFactor.secret).toBeNull();
        expect(state.twoFactor.recoveryCodeHashes).toEqual([]);
      });
    spec
      .given(enrolled)
      .when(disable(RECOVERY[1]!), at)
      .thenEvents((events) => expect(events[0]?.type).toBe('TwoFactorDisabled'));
  });

  it('refuses a changed password, a wrong code, and an account without the factor', () => {
    spec
      .given(enrolled)
      .when(disable(codeAt(at), HASH_2), at)
      .thenRefused({ kind: 'invalid', code: 'wrong_password' });
    spec
      .given(enrolled)
      .when(disable(codeAt(at) === '000000' ? '111111' : '000000'), at)
      .thenRefused({ kind: 'invalid', code: 'invalid_code' });
    spec
      .given(registration())
      .when(disable(codeAt(at)), at)
      .thenRefused({ kind: 'conflict', code: 'two_factor_not_enabled' });
  });
});

describe('user decider: a password change keeps how the session was made', () => {
  it('starts the new session with the second factor when the caller had it', () => {
    spec
      .given(enrolled)
      .when(
        {
          kind: 'ChangePassword',
          checkedHash: HASH_1,
          newPasswordHash: HASH_2,
          secondFactor: true,
        },
        after(hours(1)),
      )
      .thenEvents((events) =>
        expect(events.at(-1)).toEqual(session(after(hours(1)), ['pwd', 'otp'])),
      );
  });
});
