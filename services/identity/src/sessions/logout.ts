import type { SessionClaims } from '@mia/service-kit';
import type { Identity } from '../identity.js';
import { changeUser } from '../users/user-stream.js';

/**
 * Ends the session a token belongs to: SessionsRevoked for its id, which every service applies
 * to its revocation list. Ending an already ended session changes nothing.
 */
export async function logout(identity: Identity, claims: SessionClaims): Promise<void> {
  if (!claims.sid) return;
  await changeUser(identity, claims.sub, { kind: 'EndSession', sessionId: claims.sid });
}
