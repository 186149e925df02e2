import type { Identity } from '../identity.js';
import { changeUser } from '../users/user-stream.js';

/**
 * Makes every user's role match ADMIN_EMAILS (run at start): admin for a listed address the
 * user has verified, user for everyone else. UserRoleChanged for each user whose role differs,
 * and their sessions revoked, since their tokens carry the old role. The read model only picks
 * the candidates; each user's stream decides, so with several replicas starting at once a user
 * already changed is left alone.
 */
export async function applyAdminRoles(identity: Identity): Promise<number> {
  const adminEmails = identity.config.ADMIN_EMAILS;
  const mismatched = await identity.db.user.findMany({
    where: {
      OR: [
        { role: { not: 'admin' }, email: { in: [...adminEmails] }, emailVerifiedAt: { not: null } },
        { role: 'admin', email: { notIn: [...adminEmails] } },
        { role: 'admin', emailVerifiedAt: null },
      ],
    },
    select: { id: true },
  });
  let changed = 0;
  for (const { id } of mismatched) {
    const { decided } = await changeUser(identity, id, { kind: 'ApplyAdminEmails', adminEmails });
    for (const event of decided) {
      if (event.type !== 'UserRoleChanged') continue;
      changed++;
      const { role, previousRole } = event.data;
      identity.logger.info({ userId: id, role, previousRole }, 'role set from ADMIN_EMAILS');
    }
  }
  return changed;
}
