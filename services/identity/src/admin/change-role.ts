import type { AdminRoleRequest, AdminRoleResponse } from '@mia/contracts';
import { DomainError, type SessionUser } from '@mia/service-kit';
import type { Identity } from '../identity.js';
import { changeUser } from '../users/user-stream.js';
import { normalizeEmail } from '../users/user-view.js';

export const UNKNOWN_ACCOUNT_MESSAGE = 'No account uses this e-mail address.';

/**
 * An admin grants or removes the admin role: the user's stream decides (never their own role,
 * admin only for a verified address) and records who and why in UserRoleChanged; the user's
 * earlier sessions end with it, since their tokens carry the old role.
 */
export async function changeRole(
  identity: Identity,
  admin: SessionUser,
  request: { email: string; role: AdminRoleRequest['role']; reason: string },
): Promise<AdminRoleResponse> {
  const email = normalizeEmail(request.email);
  const target = await identity.db.user.findUnique({ where: { email } });
  if (!target) throw new DomainError('not_found', 'unknown_account', UNKNOWN_ACCOUNT_MESSAGE);
  const actor = await identity.db.user.findUniqueOrThrow({ where: { id: admin.id } });
  const { decided, state } = await changeUser(identity, target.id, {
    kind: 'ChangeRole',
    role: request.role,
    by: { userId: actor.id, email: actor.email },
    reason: request.reason,
  });
  const changed = decided.some((e) => e.type === 'UserRoleChanged');
  if (changed) {
    identity.logger.info(
      { userId: target.id, role: state.role, by: actor.id, reason: request.reason },
      'role changed by an admin',
    );
  }
  return { userId: target.id, email, role: state.role, changed };
}
