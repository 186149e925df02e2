import type { User } from '../generated/prisma/client.js';
import type { Identity } from '../identity.js';
import { passwordProblem } from '../passwords/policy.js';
import type { SessionFacts } from '../shared/session-tokens.js';
import { weakPassword, wrongCurrentPassword } from './refusals.js';
import { changeUser, startedSession } from './user-stream.js';

export { WRONG_CURRENT_PASSWORD_MESSAGE } from './refusals.js';

export interface ChangePasswordInput {
  userId: string;
  currentPassword: string;
  newPassword: string;
  ip: string | undefined;
  /** The caller's session was made with the second factor: the new one keeps it. */
  secondFactor: boolean;
}

/**
 * The signed-in user replaces their password: every session so far is revoked (on all
 * devices) and the caller gets a fresh one, so only they stay signed in. bcrypt runs first;
 * the decider then refuses if the password changed after it was checked.
 */
export async function changePassword(
  identity: Identity,
  input: ChangePasswordInput,
): Promise<{ user: User; session: SessionFacts }> {
  const found = await identity.db.user.findUniqueOrThrow({ where: { id: input.userId } });
  // Guessing the current password through this form is a sign-in attempt like any other.
  await identity.limits.check('login', input.ip);
  await identity.limits.passwordAttempt(found.email, input.ip);
  const checkedHash = found.passwordHash;
  if (!checkedHash || !(await identity.hasher.verify(input.currentPassword, checkedHash))) {
    throw wrongCurrentPassword();
  }
  const problem = passwordProblem(input.newPassword, found);
  if (problem) throw weakPassword(problem);
  const newPasswordHash = await identity.hasher.hash(input.newPassword);

  const result = await changeUser(identity, found.id, {
    kind: 'ChangePassword',
    checkedHash,
    newPasswordHash,
    secondFactor: input.secondFactor,
  });
  await identity.limits.passwordAccepted(found.email, input.ip);
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: found.id } });
  return { user, session: startedSession(result.decided) };
}
