import type { SessionsRevokedV1Data } from '@mia/contracts';
import type { Decider, DecisionContext } from '@mia/service-kit';
import { readUserEvent, versionOfUserEvent, type UserEvent } from './events.js';
import {
  alreadyRegistered,
  invalidCredentials,
  resetLinkRefused,
  unknownUser,
  wrongCurrentPassword,
} from './refusals.js';
import {
  aliveSessions,
  evolveUser,
  initialUserState,
  passwordStillMatches,
  resetLinkProblem,
  type Role,
  type UserState,
} from './user-state.js';

// The commands carry what needed I/O to know (bcrypt hashes made or checked, the token's
// SHA-256, the role ADMIN_EMAILS gives); the decider adds the time and the new ids.
export type UserCommand =
  | {
      kind: 'RegisterUser';
      userId: string;
      email: string;
      name: string;
      username: string;
      role: Role;
      passwordHash: string;
    }
  /** Sign-in: `checkedHash` is the hash the password was verified against. */
  | { kind: 'StartSession'; checkedHash: string; rehashedHash?: string }
  | { kind: 'EndSession'; sessionId: string }
  | { kind: 'ChangePassword'; checkedHash: string; newPasswordHash: string }
  | { kind: 'RequestPasswordReset'; tokenHash: string }
  | { kind: 'ResetPassword'; tokenHash: string; newPasswordHash: string }
  | { kind: 'SetRole'; role: Role };

export interface UserLifetimes {
  /** SESSION_ABSOLUTE_HOURS: a session's absolute lifetime, in ms. */
  sessionMs: number;
  /** RESET_TOKEN_TTL_MINUTES: how long a reset link works, in ms. */
  resetLinkMs: number;
}

export type UserDecider = Decider<UserCommand, UserState, UserEvent>;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

function decideUser(
  command: UserCommand,
  state: UserState,
  { now, newId }: DecisionContext,
  lifetimes: UserLifetimes,
): UserEvent[] {
  const sessionStarted = (userId: string): UserEvent => ({
    type: 'SessionStarted',
    data: {
      userId,
      sessionId: newId(),
      startedAt: now.toISOString(),
      expiresAt: later(now, lifetimes.sessionMs),
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

  if (command.kind === 'RegisterUser') {
    if (state.userId !== null) throw alreadyRegistered();
    const { userId, email, name, username, role, passwordHash } = command;
    return [
      { type: 'UserRegistered', data: { userId, email, name, username, role } },
      { type: 'PasswordSet', data: { userId, passwordHash, reason: 'registration' } },
      sessionStarted(userId),
    ];
  }

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
      events.push(sessionStarted(userId));
      return events;
    }
    case 'EndSession': {
      // A session ends once; one already ended, past its end or unknown changes nothing.
      const session = aliveSessions(state, now).find((s) => s.id === command.sessionId);
      if (userId === null || !session) return [];
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
    }
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
        sessionStarted(userId),
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
    case 'SetRole':
      if (userId === null) throw unknownUser();
      if (state.role === command.role) return [];
      // Tokens carry the role, so every earlier one must go.
      return [
        {
          type: 'UserRoleChanged',
          data: { userId, email: state.email, role: command.role, previousRole: state.role },
        },
        revokeAll(userId, 'role-changed'),
      ];
  }
}

/**
 * The user aggregate: registration, sign-in and sign-out, password change and reset, roles.
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
  snapshot: { version: 1, every: 10 },
});

export const lifetimesOf = (config: {
  SESSION_ABSOLUTE_HOURS: number;
  RESET_TOKEN_TTL_MINUTES: number;
}): UserLifetimes => ({
  sessionMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  resetLinkMs: config.RESET_TOKEN_TTL_MINUTES * 60_000,
});
