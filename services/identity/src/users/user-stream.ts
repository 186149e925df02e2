import { recordSessionsRevoked, type CommandResult } from '@mia/service-kit';
import type { Identity } from '../identity.js';
import type { SessionFacts } from '../shared/session-tokens.js';
import type { UserEvent } from './events.js';
import { lifetimesOf, userDecider, type UserCommand } from './user-decider.js';
import type { UserState } from './user-state.js';

/** Every event about one user, sessions and reset links included, lives in its stream. */
export const userStreamId = (userId: string): string => `user-${userId}`;

export type UserCommandResult = CommandResult<UserState, UserEvent>;

/**
 * Runs one command on a user's stream (fold, decide, append at the stream's version, decide
 * again on a conflict). Sessions it revoked are refused by this replica at once; the others
 * refuse them when the event reaches them.
 */
export async function changeUser(
  identity: Pick<Identity, 'commands' | 'config' | 'revocations'>,
  userId: string,
  command: UserCommand,
): Promise<UserCommandResult> {
  const result = await identity.commands.handle(
    userStreamId(userId),
    userDecider(lifetimesOf(identity.config)),
    command,
  );
  for (const event of result.decided) {
    if (event.type === 'SessionsRevoked') recordSessionsRevoked(identity.revocations, event.data);
  }
  return result;
}

/** The user's folded state, for checks made before a command (never instead of its decision). */
export async function loadUser(
  identity: Pick<Identity, 'commands' | 'config'>,
  userId: string,
): Promise<UserState> {
  const { state } = await identity.commands.load(
    userStreamId(userId),
    userDecider(lifetimesOf(identity.config)),
  );
  return state;
}

/** The session a command started (registration, sign-in, password change), for its token. */
export function startedSession(events: readonly UserEvent[]): SessionFacts {
  for (const event of events) {
    if (event.type === 'SessionStarted') {
      return {
        sessionId: event.data.sessionId,
        authTime: new Date(event.data.startedAt),
        expiresAt: new Date(event.data.expiresAt),
        ...(event.data.amr ? { amr: event.data.amr } : {}),
      };
    }
  }
  throw new Error('the command started no session');
}
