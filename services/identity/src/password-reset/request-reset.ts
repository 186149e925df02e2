import type { Identity } from '../identity.js';
import { changeUser } from '../users/user-stream.js';
import { normalizeEmail } from '../users/user-view.js';
import { resetMail } from './reset-mail.js';
import { hashResetToken, newResetToken, resetUrl } from './reset-tokens.js';

/**
 * Creates a reset link for the account of `email`, if there is one, and mails it; the links
 * mailed before stop working. Returns the token (for the development-only answer) or undefined
 * when no account has that e-mail.
 */
export async function requestPasswordReset(
  identity: Identity,
  rawEmail: string,
): Promise<string | undefined> {
  const email = normalizeEmail(rawEmail);
  const user = await identity.db.user.findUnique({ where: { email } });
  if (!user) {
    identity.logger.info('password reset asked for an unknown e-mail');
    return undefined;
  }
  // A secret, not an id: made here, and only its hash reaches the decider and the store.
  const token = newResetToken();
  await changeUser(identity, user.id, {
    kind: 'RequestPasswordReset',
    tokenHash: hashResetToken(token),
  });
  await identity.mailer.send(
    resetMail({
      to: user.email,
      name: user.name,
      resetUrl: resetUrl(identity.config.PUBLIC_ORIGIN, token),
      token,
      validMinutes: identity.config.RESET_TOKEN_TTL_MINUTES,
    }),
  );
  return token;
}
