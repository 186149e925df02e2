import type { Request } from 'express';
import type { Identity } from '../identity.js';
import type { User } from '../generated/prisma/client.js';

export interface CurrentSession {
  user: User;
  session: { id: string; expiresAt: Date; startedAt: Date };
}

/**
 * The signed-in user of a request, or null. Beyond the token checks every service makes
 * (signature, lifetime, revocation list), identity asks its read models: the session must still
 * be alive there, which holds even before a revocation event has gone round.
 */
export async function currentSession(
  identity: Pick<Identity, 'auth' | 'clock' | 'db'>,
  req: Request,
): Promise<CurrentSession | null> {
  const caller = await identity.auth.authenticate(req);
  const claims = req.sessionClaims;
  if (!caller || !claims?.sid) return null;
  const now = identity.clock();
  const session = await identity.db.session.findUnique({ where: { id: claims.sid } });
  if (!session || session.userId !== claims.sub || session.endedAt || session.expiresAt <= now) {
    return null;
  }
  const user = await identity.db.user.findUnique({ where: { id: claims.sub } });
  if (!user || user.role !== claims.role) return null;
  return { user, session };
}
