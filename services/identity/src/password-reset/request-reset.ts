import { newEvent, userStreamId } from '../events.js';
import type { Identity } from '../identity.js';
import { normalizeEmail } from '../users/user-view.js';
import { PasswordResetRequested } from './events.js';
import { resetMail } from './reset-mail.js';
import { hashResetToken, newResetToken, resetUrl } from './reset-tokens.js';

/**
 * Creates a reset link for the account of `email`, if there is one, and mails it. Returns the
 * token (for the development-only answer) or undefined when no account has that e-mail.
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
  const token = newResetToken();
  const ttlMinutes = identity.config.RESET_TOKEN_TTL_MINUTES;
  const expiresAt = new Date(identity.clock().getTime() + ttlMinutes * 60_000);
  // No expected version: a new link depends on nothing else about the user.
  await identity.events.append(userStreamId(user.id), 'any', [
    newEvent(PasswordResetRequested, {
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: expiresAt.toISOString(),
    }),
  ]);
  await identity.mailer.send(
    resetMail({
      to: user.email,
      name: user.name,
      resetUrl: resetUrl(identity.config.PUBLIC_ORIGIN, token),
      token,
      validMinutes: ttlMinutes,
    }),
  );
  return token;
}
