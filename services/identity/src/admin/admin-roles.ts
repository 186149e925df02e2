import type { Identity } from '../identity.js';
import { changeUser } from '../users/user-stream.js';

/**
 * Bootstraps admins from ADMIN_EMAILS (run at start): a listed address its owner has verified
 * gets the admin role. It never takes a role away: a process started with another list, or none
 * (a debugging run against the same database), leaves every admin as it is; only an admin's
 * command (POST /api/admin/roles) removes the role. The read model only picks the candidates;
 * each user's stream decides, so with several replicas starting at once a user already
 * promoted is left alone.
 */
export async function applyAdminRoles(identity: Identity): Promise<number> {
  const adminEmails = identity.config.ADMIN_EMAILS;
  if (adminEmails.length === 0) return 0;
  const candidates = await identity.db.user.findMany({
    where: {
      role: { not: 'admin' },
      email: { in: [...adminEmails] },
      emailVerifiedAt: { not: null },
    },
    select: { id: true },
  });
  let changed = 0;
  for (const { id } of candidates) {
    const { decided } = await changeUser(identity, id, { kind: 'ApplyAdminEmails', adminEmails });
    for (const event of decided) {
      if (event.type !== 'UserRoleChanged') continue;
      changed++;
      const { role, previousRole } = event.data;
      identity.logger.info({ userId: id, role, previousRole }, 'admin role from ADMIN_EMAILS');
    }
  }
  return changed;
}
