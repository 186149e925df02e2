import type { Identity } from '../identity.js';
import { roleFor } from '../users/roles.js';
import { changeUser } from '../users/user-stream.js';

/**
 * Makes every user's role match ADMIN_EMAILS (run at start): UserRoleChanged for each user
 * whose role differs, and their sessions revoked, since their tokens carry the old role. The
 * read model only picks the candidates; each user's stream decides, so with several replicas
 * starting at once a user already changed is left alone.
 */
export async function applyAdminRoles(identity: Identity): Promise<number> {
  const admins = identity.config.ADMIN_EMAILS;
  const mismatched = await identity.db.user.findMany({
    where: {
      OR: [
        { role: { not: 'admin' }, email: { in: [...admins] } },
        { role: 'admin', email: { notIn: [...admins] } },
      ],
    },
    select: { id: true, email: true },
  });
  let changed = 0;
  for (const { id, email } of mismatched) {
    const role = roleFor(email, admins);
    const { decided } = await changeUser(identity, id, { kind: 'SetRole', role });
    for (const event of decided) {
      if (event.type !== 'UserRoleChanged') continue;
      changed++;
      const { previousRole } = event.data;
      identity.logger.info({ userId: id, role, previousRole }, 'role set from ADMIN_EMAILS');
    }
  }
  return changed;
}
