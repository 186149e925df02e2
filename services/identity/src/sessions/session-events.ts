import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@mia/service-kit';
import type { SessionsRevokedV1Data } from '@mia/contracts';
import type { IdentityConfig } from '../config.js';
import type { IdentityTx } from '../db.js';
import { newEvent } from '../events.js';
import { SessionStarted, SessionsRevokedV1 } from './events.js';
import type { SessionFacts } from './session-tokens.js';

type Lifetimes = Pick<IdentityConfig, 'SESSION_ABSOLUTE_HOURS'>;
type SessionReader = Pick<IdentityTx, 'session'>;

const absoluteMs = (config: Lifetimes) => config.SESSION_ABSOLUTE_HOURS * 3_600_000;

/** A new login session for `userId`: its facts (for the token) and its SessionStarted event. */
export function startSession(
  userId: string,
  now: Date,
  config: Lifetimes,
): { session: SessionFacts; event: NewEvent } {
  const session: SessionFacts = {
    sessionId: randomUUID(),
    authTime: now,
    expiresAt: new Date(now.getTime() + absoluteMs(config)),
  };
  const event = newEvent(SessionStarted, {
    userId,
    sessionId: session.sessionId,
    expiresAt: session.expiresAt.toISOString(),
  });
  return { session, event };
}

export const aliveSessions = (db: SessionReader, userId: string, now: Date) =>
  db.session.findMany({
    where: { userId, endedAt: null, expiresAt: { gt: now } },
    select: { id: true, expiresAt: true },
  });

/**
 * SessionsRevoked for every session of the user so far (password reset or change, role
 * change): the alive sessions by id, and any older token by time. Read inside the transaction
 * that appends it, so no session is missed.
 */
export async function revokeAllSessions(
  db: SessionReader,
  userId: string,
  now: Date,
  reason: Exclude<SessionsRevokedV1Data['reason'], 'logout'>,
  config: Lifetimes,
): Promise<{ data: SessionsRevokedV1Data; event: NewEvent }> {
  const sessions = await aliveSessions(db, userId, now);
  const data: SessionsRevokedV1Data = {
    userId,
    sessionIds: sessions.map((s) => s.id),
    revokedBefore: now.toISOString(),
    // Any token issued before now dies by then at the latest.
    expiresAt: new Date(now.getTime() + absoluteMs(config)).toISOString(),
    reason,
  };
  return { data, event: newEvent(SessionsRevokedV1, data) };
}

/** SessionsRevoked for one session (logout). */
export function revokeSession(
  userId: string,
  session: { id: string; expiresAt: Date },
): { data: SessionsRevokedV1Data; event: NewEvent } {
  const data: SessionsRevokedV1Data = {
    userId,
    sessionIds: [session.id],
    revokedBefore: null,
    expiresAt: session.expiresAt.toISOString(),
    reason: 'logout',
  };
  return { data, event: newEvent(SessionsRevokedV1, data) };
}
