import type { Request } from 'express';
import type { Identity } from '../identity.js';
import type { User } from '../generated/prisma/client.js';

export interface CurrentSession {
  user: User;
  session: { id: string; expiresAt: Date; startedAt: Date };
}

// Identity only ever issues UUIDs; anything else cannot name a row (and must not reach a uuid
// parameter, which PostgreSQL would refuse with an error instead of "no such session").
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in user of a request, or null. Beyond the token checks every service makes
 * (signature, lifetime, revocation list), identity asks its read models: the session must still
 * be alive there, which holds even before a revocation event has gone round.
 */
export async function currentSession(
  identity: Pick<Identity, 'auth' | 'clock' | 'readSession'>,
  req: Request,
): Promise<CurrentSession | null> {
  const caller = await identity.auth.authenticate(req);
  const claims = req.sessionClaims;
  if (!caller || !claims?.sid || !UUID.test(claims.sid)) return null;
  const now = identity.clock();
  const found = await identity.readSession(claims.sid);
  if (!found) return null;
  const { session, user } = found;
  if (session.userId !== claims.sub || session.endedAt || session.expiresAt <= now) return null;
  if (user.role !== claims.role) return null;
  return { user, session };
}
