import type { Identity } from '../identity.js';
import { hashLinkToken, newLinkToken } from '../shared/link-tokens.js';
import { changeUser } from '../users/user-stream.js';
import { sendVerificationMail } from '../users/verification-mail.js';

/**
 * Mails the signed-in user a new verification link; the links mailed before stop working.
 * Refused (409) once the address is verified. Returns the token (for the development-only
 * answer).
 */
export async function resendVerification(identity: Identity, userId: string): Promise<string> {
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: userId } });
  const token = newLinkToken();
  await changeUser(identity, userId, {
    kind: 'RequestEmailVerification',
    tokenHash: hashLinkToken(token),
  });
  identity.background.run('verification mail', () => sendVerificationMail(identity, user, token));
  return token;
}
