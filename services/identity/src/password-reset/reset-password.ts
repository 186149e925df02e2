import type { Identity } from '../identity.js';
import { passwordProblem } from '../passwords/policy.js';
import { resetLinkRefused, weakPassword } from '../users/refusals.js';
import { changeUser, loadUser } from '../users/user-stream.js';
import { resetLinkProblem } from '../users/user-state.js';
import { hashResetToken } from './reset-tokens.js';

export { RESET_TOKEN_MESSAGES } from '../users/refusals.js';

/**
 * Sets a new password through a reset link: the newest link only, once, within
 * RESET_TOKEN_TTL_MINUTES and before the password changes another way; every earlier session is
 * revoked. The reset-links read model only says whose link it is; the user's stream decides.
 */
export async function resetPassword(
  identity: Identity,
  input: { token: string; newPassword: string },
): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  const link = await identity.db.passwordResetToken.findUnique({ where: { tokenHash } });
  if (!link) throw resetLinkRefused('invalid');
  // A dead link is answered before the slow hash; the decider checks again when it appends.
  const problem = resetLinkProblem(
    await loadUser(identity, link.userId),
    tokenHash,
    identity.clock(),
  );
  if (problem) throw resetLinkRefused(problem);
  const owner = await identity.db.user.findUniqueOrThrow({ where: { id: link.userId } });
  const weak = passwordProblem(input.newPassword, owner);
  if (weak) throw weakPassword(weak);
  const newPasswordHash = await identity.hasher.hash(input.newPassword);

  await changeUser(identity, owner.id, { kind: 'ResetPassword', tokenHash, newPasswordHash });
  // Whoever could not sign in (forgotten password, or someone else's guesses) can now.
  await identity.limits.clearLoginFailures(owner.email);
}
