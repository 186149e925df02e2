import { ADMIN_EMAILS_REASON, type SessionsRevokedV1Data } from '@mia/contracts';
import type { Decider, DecisionContext } from '@mia/service-kit';
import { decideTwoFactor, signInChallenge, type TwoFactorCommand } from './two-factor-decisions.js';
import { twoFactorEnabled } from './two-factor-state.js';
import { readUserEvent, versionOfUserEvent, type UserEvent } from './events.js';
import {
  alreadyRegistered,
  ownRoleRefused,
  unverifiedAdminRefused,
  emailAlreadyVerified,
  invalidCredentials,
  resetLinkRefused,
  unknownUser,
  verificationLinkRefused,
  wrongCurrentPassword,
} from './refusals.js';
import {
  aliveSessions,
  configuredRole,
  evolveUser,
  initialUserState,
  passwordStillMatches,
  resetLinkProblem,
  verificationLinkProblem,
  type Role,
  type UserState,
} from './user-state.js';

// The commands carry what needed I/O to know (bcrypt hashes made or checked, the token's
// SHA-256, ADMIN_EMAILS); the decider adds the time and the new ids.
export type UserCommand =
  | {
      kind: 'RegisterUser';
      userId: string;
      email: string;
      name: string;
      username: string;
      passwordHash: string;
      /** SHA-256 of the e-mail verification token mailed with the welcome. */
      verificationTokenHash: string;
    }
  /**
   * Sign-in: `checkedHash` is the hash the password was verified against. With a second factor
   * on, no session starts: a pending sign-in named by `challengeHash` (the SHA-256 of the
   * browser's pending cookie) waits for the code.
   */
  | { kind: 'StartSession'; checkedHash: string; rehashedHash?: string; challengeHash: string }
  | { kind: 'EndSession'; sessionId: string }
  /**
   * `secondFactor`: the caller's session was made with the second factor (its token's `amr`),
   * which the session replacing it keeps.
   */
  | {
      kind: 'ChangePassword';
      checkedHash: string;
      newPasswordHash: string;
      secondFactor?: boolean;
    }
  | { kind: 'RequestPasswordReset'; tokenHash: string }
  | { kind: 'ResetPassword'; tokenHash: string; newPasswordHash: string }
  | { kind: 'RequestEmailVerification'; tokenHash: string }
  | { kind: 'VerifyEmail'; tokenHash: string; adminEmails: readonly string[] }
  /**
   * ADMIN_EMAILS at start: admin for a verified listed address. It only ever grants: a start-up
   * with another list (or none) never takes a role away.
   */
  | { kind: 'ApplyAdminEmails'; adminEmails: readonly string[] }
  /** An admin grants or removes the admin role (POST /api/admin/roles), saying why. */
  | {
      kind: 'ChangeRole';
      role: Role;
      by: { userId: string; email: string };
      reason: string;
    }
  | TwoFactorCommand;

export interface UserLifetimes {
  /** SESSION_ABSOLUTE_HOURS: a session's absolute lifetime, in ms. */
  sessionMs: number;
  /** RESET_TOKEN_TTL_MINUTES: how long a reset link works, in ms. */
  resetLinkMs: number;
  /** EMAIL_VERIFICATION_TTL_HOURS: how long a verification link works, in ms. */
  verificationLinkMs: number;
}

export type UserDecider = Decider<UserCommand, UserState, UserEvent>;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

function decideUser(
  command: UserCommand,
  state: UserState,
  context: DecisionContext,
  lifetimes: UserLifetimes,
): UserEvent[] {
  const { now, newId } = context;
  // `amr` only when the session was made with more than the password (absent means password).
  const sessionStarted = (userId: string, amr?: readonly ('pwd' | 'otp')[]): UserEvent => ({
    type: 'SessionStarted',
    data: {
      userId,
      sessionId: newId(),
      startedAt: now.toISOString(),
      expiresAt: later(now, lifetimes.sessionMs),
      ...(amr ? { amr: [...amr] } : {}),
    },
  });
  // Every session so far ends: the alive ones by id, and any older token by time.
  const revokeAll = (
    userId: string,
    reason: Exclude<SessionsRevokedV1Data['reason'], 'logout'>,
  ): UserEvent => ({
    type: 'SessionsRevoked',
    data: {
      userId,
      sessionIds: aliveSessions(state, now).map((s) => s.id),
      revokedBefore: now.toISOString(),
      // A token issued before now dies by then at the latest.
      expiresAt: later(now, lifetimes.sessionMs),
      reason,
    },
  });

  // A session ends once; one already ended, past its end or unknown changes nothing.
  const endSession = (userId: string, sessionId: string | undefined): UserEvent[] => {
    const session = aliveSessions(state, now).find((s) => s.id === sessionId);
    if (!session) return [];
    return [
      {
        type: 'SessionsRevoked',
        data: {
          userId,
          sessionIds: [session.id],
          revokedBefore: null,
          expiresAt: session.expiresAt,
          reason: 'logout',
        },
      },
    ];
  };

  const verificationRequested = (userId: string, tokenHash: string): UserEvent => ({
    type: 'EmailVerificationRequested',
    data: { userId, tokenHash, expiresAt: later(now, lifetimes.verificationLinkMs) },
  });

  if (command.kind === 'RegisterUser') {
    if (state.userId !== null) throw alreadyRegistered();
    const { userId, email, name, username, passwordHash } = command;
    // Never admin at registration: ADMIN_EMAILS counts once the address is verified.
    return [
      { type: 'UserRegistered', data: { userId, email, name, username, role: 'user' } },
      { type: 'PasswordSet', data: { userId, passwordHash, reason: 'registration' } },
      verificationRequested(userId, command.verificationTokenHash),
      sessionStarted(userId),
    ];
  }

  // A role change and the revocation of every earlier token, which carries the old role.
  const roleChanged = (
    userId: string,
    role: Role,
    by: { userId: string; email: string } | null,
    reason: string,
  ): UserEvent[] => [
    {
      type: 'UserRoleChanged',
      data: { userId, email: state.email, role, previousRole: state.role, by, reason },
    },
    revokeAll(userId, 'role-changed'),
  ];

  // ADMIN_EMAILS bootstraps admins: a verified listed address as `next` is becomes admin. It
  // never demotes, so a process started with another list (or none) cannot take roles away.
  const bootstrapAdmin = (
    userId: string,
    next: UserState,
    adminEmails: readonly string[],
  ): UserEvent[] =>
    state.role !== 'admin' && configuredRole(next, adminEmails) === 'admin'
      ? roleChanged(userId, 'admin', null, ADMIN_EMAILS_REASON)
      : [];

  const userId = state.userId;
  switch (command.kind) {
    case 'StartSession': {
      // A password changed since it was checked must not let this sign-in outlive the change.
      if (userId === null || !passwordStillMatches(state, command.checkedHash)) {
        throw invalidCredentials();
      }
      const events: UserEvent[] = [];
      // A concurrent sign-in may have rehashed already; once is enough.
      if (command.rehashedHash && command.checkedHash === state.passwordHash) {
        events.push({
          type: 'PasswordSet',
          data: { userId, passwordHash: command.rehashedHash, reason: 'rehash' },
        });
      }
      events.push(
        twoFactorEnabled(state.twoFactor)
          ? signInChallenge(userId, command.challengeHash, now)
          : sessionStarted(userId),
      );
      return events;
    }
    case 'EndSession':
      return userId === null ? [] : endSession(userId, command.sessionId);
    case 'ChangePassword':
      if (userId === null) throw unknownUser();
      if (!passwordStillMatches(state, command.checkedHash)) throw wrongCurrentPassword();
      // The caller keeps a new session; every other device is signed out.
      return [
        {
          type: 'PasswordSet',
          data: { userId, passwordHash: command.newPasswordHash, reason: 'change' },
        },
        {
          type: 'PasswordChanged',
          data: { userId, reason: 'change', changedAt: now.toISOString() },
        },
        revokeAll(userId, 'password-change'),
        sessionStarted(userId, command.secondFactor ? ['pwd', 'otp'] : undefined),
      ];
    case 'RequestPasswordReset':
      if (userId === null) throw unknownUser();
      return [
        {
          type: 'PasswordResetRequested',
          data: {
            userId,
            tokenHash: command.tokenHash,
            expiresAt: later(now, lifetimes.resetLinkMs),
          },
        },
      ];
    case 'ResetPassword': {
      if (userId === null) throw resetLinkRefused('invalid');
      const problem = resetLinkProblem(state, command.tokenHash, now);
      if (problem) throw resetLinkRefused(problem);
      return [
        {
          type: 'PasswordSet',
          data: {
            userId,
            passwordHash: command.newPasswordHash,
            reason: 'reset',
            resetTokenHash: command.tokenHash,
          },
        },
        {
          type: 'PasswordChanged',
          data: { userId, reason: 'reset', changedAt: now.toISOString() },
        },
        revokeAll(userId, 'password-reset'),
      ];
    }
    case 'RequestEmailVerification':
      if (userId === null) throw unknownUser();
      if (state.emailVerified) throw emailAlreadyVerified();
      return [verificationRequested(userId, command.tokenHash)];
    case 'VerifyEmail': {
      if (userId === null) throw verificationLinkRefused('invalid');
      const problem = verificationLinkProblem(state, command.tokenHash, now);
      if (problem) throw verificationLinkRefused(problem);
      const verified: UserEvent = {
        type: 'UserEmailVerified',
        data: { userId, email: state.email, verifiedAt: now.toISOString() },
      };
      return [
        verified,
        ...bootstrapAdmin(userId, evolveUser(state, verified), command.adminEmails),
      ];
    }
    case 'ApplyAdminEmails':
      if (userId === null) throw unknownUser();
      return bootstrapAdmin(userId, state, command.adminEmails);
    case 'ChangeRole':
      if (userId === null) throw unknownUser();
      // An admin cannot demote themselves: the last admin would lock everyone out.
      if (command.by.userId === userId) throw ownRoleRefused();
      if (command.role === state.role) return [];
      // The admin role only for an address its owner has proved, as with ADMIN_EMAILS.
      if (command.role === 'admin' && !state.emailVerified) throw unverifiedAdminRefused();
      return roleChanged(userId, command.role, command.by, command.reason);
    case 'StartTotpEnrolment':
    case 'EnableTotp':
    case 'CompleteSignIn':
    case 'DisableTwoFactor':
      if (userId === null) throw unknownUser();
      return decideTwoFactor(command, state, userId, context, {
        started: (amr) => sessionStarted(userId, amr),
        ended: (sessionId) => endSession(userId, sessionId),
        passwordStillMatches: (checkedHash) => passwordStillMatches(state, checkedHash),
      });
  }
}

/**
 * The user aggregate: registration, e-mail verification, sign-in and sign-out, the second
 * factor, password change and reset, roles.
 *
 * Every sign-in appends SessionStarted, so the stream grows with each login. Two things keep
 * the cost of a command flat however long the stream gets: the state only holds what is alive
 * (see UserState), and a snapshot is taken every 10 events, so a command reads one snapshot row
 * plus at most the events appended since (fewer than 10 plus one command's worth).
 */
export const userDecider = (lifetimes: UserLifetimes): UserDecider => ({
  name: 'user',
  initialState: initialUserState,
  evolve: evolveUser,
  decide: (command, state, context) => decideUser(command, state, context, lifetimes),
  read: readUserEvent,
  versionOf: versionOfUserEvent,
  // Raise `version` whenever UserState's shape or evolveUser changes.
  snapshot: { version: 3, every: 10 },
});

export const lifetimesOf = (config: {
  SESSION_ABSOLUTE_HOURS: number;
  RESET_TOKEN_TTL_MINUTES: number;
  EMAIL_VERIFICATION_TTL_HOURS: number;
}): UserLifetimes => ({
  sessionMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  resetLinkMs: config.RESET_TOKEN_TTL_MINUTES * 60_000,
  verificationLinkMs: config.EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
});
