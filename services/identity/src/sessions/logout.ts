import { recordSessionsRevoked, type SessionClaims } from '@mia/service-kit';
import type { SessionsRevokedV1Data } from '@mia/contracts';
import type { Identity } from '../identity.js';
import { changeUser, UserNotFoundError } from '../users/user-stream.js';
import { revokeSession } from './session-events.js';

/**
 * Ends the session a token belongs to: SessionsRevoked for its id, which every service applies
 * to its revocation list. Ending an already ended session changes nothing.
 */
export async function logout(identity: Identity, claims: SessionClaims): Promise<void> {
  const sessionId = claims.sid;
  if (!sessionId) return;
  let revoked: SessionsRevokedV1Data | undefined;
  try {
    revoked = await changeUser(identity.events, claims.sub, async (user, { tx }) => {
      const session = await tx.session.findUnique({ where: { id: sessionId } });
      if (!session || session.userId !== user.id || session.endedAt) {
        return { events: [], result: undefined };
      }
      const { data, event } = revokeSession(user.id, session);
      return { events: [event], result: data };
    });
  } catch (err) {
    if (err instanceof UserNotFoundError) return;
    throw err;
  }
  // This replica refuses the token at once; the others when the event reaches them.
  if (revoked) recordSessionsRevoked(identity.revocations, revoked);
}
