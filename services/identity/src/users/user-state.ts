import type { UserEvent } from './events.js';
import type { ResetLinkProblem, VerificationLinkProblem } from './refusals.js';
import { evolveTwoFactor, initialTwoFactorState, type TwoFactorState } from './two-factor-state.js';

export type Role = 'user' | 'admin';

/** A login session that has not been ended (it may have passed its absolute end). */
export interface OpenSession {
  id: string;
  /** ISO instant: the session's absolute end. */
  expiresAt: string;
}

/** The user's latest reset link; requesting a newer one replaces it, and so voids it. */
export interface ResetLink {
  tokenHash: string;
  /** ISO instant. */
  expiresAt: string;
  status: 'open' | 'used' | 'superseded';
}

/** The user's latest e-mail verification link; a newer one replaces it. */
export interface VerificationLink {
  tokenHash: string;
  /** ISO instant. */
  expiresAt: string;
  status: 'open' | 'used';
}

/**
 * What the user's commands decide on, folded from `user-<id>`. Kept small on purpose (and
 * snapshotted as JSON: strings, numbers, arrays only): ended sessions leave `sessions`, sessions
 * past their absolute end leave it at the next sign-in, and only the newest reset link is kept.
 * Its size is bounded by the sessions alive at one time, not by how often the user signed in.
 */
export interface UserState {
  /** Null until UserRegistered. */
  userId: string | null;
  email: string;
  role: Role;
  /** The current bcrypt hash. */
  passwordHash: string | null;
  /** The hash the last rehash replaced (same password, another cost); null after any other change. */
  rehashedFrom: string | null;
  sessions: OpenSession[];
  resetLink: ResetLink | null;
  /** True once a verification link was opened; the admin role waits for it. */
  emailVerified: boolean;
  verificationLink: VerificationLink | null;
  /** The second factor: enrolment, secret, unused recovery codes, pending sign-ins. */
  twoFactor: TwoFactorState;
}

export const initialUserState = (): UserState => ({
  userId: null,
  email: '',
  role: 'user',
  passwordHash: null,
  rehashedFrom: null,
  sessions: [],
  resetLink: null,
  emailVerified: false,
  verificationLink: null,
  twoFactor: initialTwoFactorState(),
});

const at = (iso: string) => Date.parse(iso);

/** Once the password changed another way, the open link may not change it again. */
function closeResetLink(link: ResetLink | null, usedTokenHash: string | undefined) {
  if (!link || link.status !== 'open') return link;
  return { ...link, status: link.tokenHash === usedTokenHash ? 'used' : 'superseded' } as const;
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...initialUserState(),
        userId: event.data.userId,
        email: event.data.email,
        role: event.data.role,
      };
    case 'PasswordSet': {
      const { passwordHash, reason, resetTokenHash } = event.data;
      if (reason === 'rehash') {
        return { ...state, passwordHash, rehashedFrom: state.passwordHash };
      }
      return {
        ...state,
        passwordHash,
        rehashedFrom: null,
        resetLink:
          reason === 'registration'
            ? state.resetLink
            : closeResetLink(state.resetLink, resetTokenHash),
      };
    }
    case 'SessionStarted': {
      const { sessionId, startedAt, expiresAt } = event.data;
      // Sessions past their absolute end can no longer be used or ended: forget them here, so
      // the list holds only what is alive however many sign-ins the stream has seen.
      const alive = state.sessions.filter((s) => at(s.expiresAt) > at(startedAt));
      return { ...state, sessions: [...alive, { id: sessionId, expiresAt }] };
    }
    case 'SessionsRevoked': {
      const { sessionIds, revokedBefore } = event.data;
      // With `revokedBefore`, every session so far ends (the decider listed all alive ones).
      const sessions =
        revokedBefore === null ? state.sessions.filter((s) => !sessionIds.includes(s.id)) : [];
      return { ...state, sessions };
    }
    case 'PasswordResetRequested':
      return {
        ...state,
        resetLink: {
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
          status: 'open',
        },
      };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'EmailVerificationRequested':
      return {
        ...state,
        verificationLink: {
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
          status: 'open',
        },
      };
    case 'UserEmailVerified':
      return {
        ...state,
        emailVerified: true,
        verificationLink: state.verificationLink && { ...state.verificationLink, status: 'used' },
      };
    case 'PasswordChanged':
      return state;
    case 'TotpEnrolmentStarted':
    case 'TwoFactorEnabled':
    case 'SecondFactorChallenged':
    case 'SecondFactorVerified':
    case 'TwoFactorDisabled':
      return { ...state, twoFactor: evolveTwoFactor(state.twoFactor, event) };
  }
}

/** Sessions that can still be used at `now`. */
export const aliveSessions = (state: UserState, now: Date): OpenSession[] =>
  state.sessions.filter((s) => at(s.expiresAt) > now.getTime());

/**
 * Whether a password check made against `checkedHash` still stands: the hash is current, or
 * only a rehash (same password) replaced it since.
 */
export const passwordStillMatches = (state: UserState, checkedHash: string): boolean =>
  state.passwordHash !== null &&
  (checkedHash === state.passwordHash || checkedHash === state.rehashedFrom);

/** Why the link with `tokenHash` cannot reset the password at `now`, or null when it can. */
export function resetLinkProblem(
  state: UserState,
  tokenHash: string,
  now: Date,
): ResetLinkProblem | null {
  const link = state.resetLink;
  if (!link) return 'invalid';
  // Only the newest link works: asking again voids the ones mailed before.
  if (link.tokenHash !== tokenHash) return 'replaced';
  if (link.status === 'used') return 'used';
  if (link.status === 'superseded') return 'superseded';
  if (at(link.expiresAt) <= now.getTime()) return 'expired';
  return null;
}

/** Why the verification link with `tokenHash` cannot verify at `now`, or null when it can. */
export function verificationLinkProblem(
  state: UserState,
  tokenHash: string,
  now: Date,
): VerificationLinkProblem | null {
  const link = state.verificationLink;
  if (!link) return 'invalid';
  if (link.tokenHash !== tokenHash) return state.emailVerified ? 'used' : 'replaced';
  if (link.status === 'used') return 'used';
  if (at(link.expiresAt) <= now.getTime()) return 'expired';
  return null;
}

/**
 * The role ADMIN_EMAILS gives this user: admin only for a listed address the user has proved
 * to own. Whoever registers a listed address first gets nothing from it until then.
 */
export const configuredRole = (state: UserState, adminEmails: readonly string[]): Role =>
  state.emailVerified && adminEmails.includes(state.email) ? 'admin' : 'user';
