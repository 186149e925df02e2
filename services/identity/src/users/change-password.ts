import { badRequest, recordSessionsRevoked } from '@mia/service-kit';
import type { SessionsRevokedV1Data } from '@mia/contracts';
import { newEvent } from '../events.js';
import type { Identity } from '../identity.js';
import type { User } from '../generated/prisma/client.js';
import { passwordProblem } from '../passwords/policy.js';
import { revokeAllSessions, startSession } from '../sessions/session-events.js';
import type { SessionFacts } from '../sessions/session-tokens.js';
import { PasswordChangedV1, PasswordSet } from './events.js';
import { changeUser } from './user-stream.js';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect';

export interface ChangePasswordInput {
  userId: string;
  currentPassword: string;
  newPassword: string;
  ip: string | undefined;
}

/**
 * The signed-in user replaces their password: every session so far is revoked (on all
 * devices) and the caller gets a fresh one, so only they stay signed in.
 */
export async function changePassword(
  identity: Identity,
  input: ChangePasswordInput,
): Promise<{ user: User; session: SessionFacts }> {
  const found = await identity.db.user.findUniqueOrThrow({ where: { id: input.userId } });
  // Guessing the current password through this form is a sign-in attempt like any other.
  await identity.limits.check('login', input.ip, found.email);
  if (!(await identity.hasher.verify(input.currentPassword, found.passwordHash))) {
    throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, 'wrong_password');
  }
  const problem = passwordProblem(input.newPassword, found);
  if (problem) throw badRequest(problem, 'weak_password');
  const passwordHash = await identity.hasher.hash(input.newPassword);

  let revoked: SessionsRevokedV1Data | undefined;
  const session = await changeUser(identity.events, found.id, async (user, { tx }) => {
    if (user.passwordHash !== found.passwordHash) {
      throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, 'wrong_password');
    }
    const now = identity.clock();
    const revoke = await revokeAllSessions(tx, user.id, now, 'password-change', identity.config);
    revoked = revoke.data;
    const started = startSession(user.id, now, identity.config);
    return {
      events: [
        newEvent(PasswordSet, { userId: user.id, passwordHash, reason: 'change' }),
        newEvent(PasswordChangedV1, {
          userId: user.id,
          reason: 'change',
          changedAt: now.toISOString(),
        }),
        revoke.event,
        started.event,
      ],
      result: started.session,
    };
  });
  if (revoked) recordSessionsRevoked(identity.revocations, revoked);
  await identity.limits.clearLoginFailures(found.email);
  const user = await identity.db.user.findUniqueOrThrow({ where: { id: found.id } });
  return { user, session };
}
