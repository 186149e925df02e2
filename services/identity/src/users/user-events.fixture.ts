// Builders of user-stream events for the decider's given/when/then tests (a fixture: no tests
// here, excluded from the build).
import { deciderSpec } from '@mia/testing';
import type { UserEvent } from './events.js';
import { userDecider, type UserLifetimes } from './user-decider.js';
import type { Role } from './user-state.js';

export const USER_ID = '10000000-0000-4000-8000-000000000001';
export const EMAIL = 'ana@iglesia.example';
/** The first id a decision draws (sequentialIds). */
export const NEW_ID = '00000000-0000-4000-8000-000000000001';

export const T0 = '2026-03-01T10:00:00.000Z';
const HOUR = 3_600_000;
export const MINUTE = 60_000;
/** An instant `ms` after T0. */
export const after = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
export const hours = (n: number) => n * HOUR;

export const lifetimes: UserLifetimes = {
  sessionMs: hours(12),
  resetLinkMs: 60 * MINUTE,
  verificationLinkMs: hours(24),
};
export const decider = userDecider(lifetimes);
/** Decisions at T0 unless `when(command, at)` says otherwise; ids from NEW_ID on. */
export const spec = deciderSpec(decider, { now: T0 });

const bcrypt = (tag: string) => `$2b$10$${tag.padEnd(53, '.')}`;
export const HASH_1 = bcrypt('first');
export const HASH_2 = bcrypt('second');
export const HASH_3 = bcrypt('third');
export const REHASHED = bcrypt('rehashed-at-cost-11');

export const TOKEN_A = 'a'.repeat(64);
export const TOKEN_B = 'b'.repeat(64);

export const sessionId = (n: number) => `5e550000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const registered = (role: Role = 'user'): UserEvent => ({
  type: 'UserRegistered',
  data: { userId: USER_ID, email: EMAIL, name: 'Ana', username: 'ana', role },
});

export const passwordSet = (
  passwordHash: string,
  reason: 'registration' | 'reset' | 'change' | 'rehash',
  resetTokenHash?: string,
): UserEvent => ({
  type: 'PasswordSet',
  data: { userId: USER_ID, passwordHash, reason, ...(resetTokenHash ? { resetTokenHash } : {}) },
});

export const sessionStarted = (id: string, startedAt = T0): UserEvent => ({
  type: 'SessionStarted',
  data: {
    userId: USER_ID,
    sessionId: id,
    startedAt,
    expiresAt: new Date(Date.parse(startedAt) + lifetimes.sessionMs).toISOString(),
  },
});

export const loggedOut = (id: string, expiresAt: string): UserEvent => ({
  type: 'SessionsRevoked',
  data: {
    userId: USER_ID,
    sessionIds: [id],
    revokedBefore: null,
    expiresAt,
    reason: 'logout',
  },
});

export const resetRequested = (tokenHash: string, requestedAt = T0): UserEvent => ({
  type: 'PasswordResetRequested',
  data: {
    userId: USER_ID,
    tokenHash,
    expiresAt: new Date(Date.parse(requestedAt) + lifetimes.resetLinkMs).toISOString(),
  },
});

export const verificationRequested = (tokenHash: string, requestedAt = T0): UserEvent => ({
  type: 'EmailVerificationRequested',
  data: {
    userId: USER_ID,
    tokenHash,
    expiresAt: new Date(Date.parse(requestedAt) + lifetimes.verificationLinkMs).toISOString(),
  },
});

export const emailVerified = (at = T0, email = EMAIL): UserEvent => ({
  type: 'UserEmailVerified',
  data: { userId: USER_ID, email, verifiedAt: at },
});

/** A user who registered at `at` (session 1 started then) with HASH_1. */
export const registration = (at = T0, role: Role = 'user'): UserEvent[] => [
  registered(role),
  passwordSet(HASH_1, 'registration'),
  sessionStarted(sessionId(1), at),
];

// The second factor (base32 secret; codes are computed with the same TOTP library).
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const CHALLENGE = 'c'.repeat(64);

export const enrolmentStarted = (secret = SECRET): UserEvent => ({
  type: 'TotpEnrolmentStarted',
  data: { userId: USER_ID, secret },
});

export const twoFactorEnabled = (step: number, recoveryCodeHashes: string[]): UserEvent => ({
  type: 'TwoFactorEnabled',
  data: { userId: USER_ID, method: 'totp', step, recoveryCodeHashes },
});

export const challenged = (challengeHash = CHALLENGE, at = T0): UserEvent => ({
  type: 'SecondFactorChallenged',
  data: {
    userId: USER_ID,
    challengeHash,
    expiresAt: new Date(Date.parse(at) + 5 * MINUTE).toISOString(),
  },
});
