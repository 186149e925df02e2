import { badRequest, recordSessionsRevoked } from '@mia/service-kit';
import type { SessionsRevokedV1Data } from '@mia/contracts';
import { newEvent } from '../events.js';
import type { Identity } from '../identity.js';
import type { PasswordResetToken } from '../generated/prisma/client.js';
import { passwordProblem } from '../passwords/policy.js';
import { revokeAllSessions } from '../sessions/session-events.js';
import { PasswordChangedV1, PasswordSet } from '../users/events.js';
import { changeUser } from '../users/user-stream.js';
import { hashResetToken } from './reset-tokens.js';

export const RESET_TOKEN_MESSAGES = {
  invalid: 'This password reset link is invalid. Please request a new one.',
  used: 'This password reset link has already been used. Please request a new one.',
  superseded:
    'This password reset link is no longer valid because the password was changed since. Please request a new one.',
  expired: 'This password reset link has expired. Please request a new one.',
} as const;

/** Why a stored token can no longer reset a password, or null when it can. */
export function tokenProblem(
  token: PasswordResetToken | null,
  now: Date,
): keyof typeof RESET_TOKEN_MESSAGES | null {
  if (!token) return 'invalid';
  if (token.usedAt) return 'used';
  if (token.voidedAt) return 'superseded';
  if (token.expiresAt <= now) return 'expired';
  return null;
}

const refuse = (problem: keyof typeof RESET_TOKEN_MESSAGES) =>
  badRequest(RESET_TOKEN_MESSAGES[problem], `reset_token_${problem}`);

/**
 * Sets a new password through a reset link: single use (the token's row is checked again in the
 * appending transaction, and the append expects the user's version, so two uses at once cannot
 * both succeed), valid for RESET_TOKEN_TTL_MINUTES, and every earlier session is revoked.
 */
export async function resetPassword(
  identity: Identity,
  input: { token: string; newPassword: string },
): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  const stored = await identity.db.passwordResetToken.findUnique({ where: { tokenHash } });
  const problem = tokenProblem(stored, identity.clock());
  if (problem) throw refuse(problem);
  const owner = await identity.db.user.findUniqueOrThrow({ where: { id: stored!.userId } });
  const weak = passwordProblem(input.newPassword, owner);
  if (weak) throw badRequest(weak, 'weak_password');
  const passwordHash = await identity.hasher.hash(input.newPassword);

  let revoked: SessionsRevokedV1Data | undefined;
  await changeUser(identity.events, owner.id, async (user, { tx }) => {
    const now = identity.clock();
    const current = await tx.passwordResetToken.findUnique({ where: { tokenHash } });
    const stillProblem = tokenProblem(current, now);
    if (stillProblem) throw refuse(stillProblem);
    const revoke = await revokeAllSessions(tx, user.id, now, 'password-reset', identity.config);
    revoked = revoke.data;
    return {
      events: [
        newEvent(PasswordSet, {
          userId: user.id,
          passwordHash,
          reason: 'reset',
          resetTokenHash: tokenHash,
        }),
        newEvent(PasswordChangedV1, {
          userId: user.id,
          reason: 'reset',
          changedAt: now.toISOString(),
        }),
        revoke.event,
      ],
      result: undefined,
    };
  });
  if (revoked) recordSessionsRevoked(identity.revocations, revoked);
  // Whoever could not sign in (forgotten password, or someone else's guesses) can now.
  await identity.limits.clearLoginFailures(owner.email);
}
