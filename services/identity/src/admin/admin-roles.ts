import type { SessionRole } from '@mia/service-kit';
import { newEvent } from '../events.js';
import type { Identity } from '../identity.js';
import { revokeAllSessions } from '../sessions/session-events.js';
import { UserRoleChangedV1 } from '../users/events.js';
import { changeUser } from '../users/user-stream.js';

/** The role configuration gives an e-mail (already normalised): ADMIN_EMAILS decides. */
export const roleFor = (email: string, adminEmails: readonly string[]): SessionRole =>
  adminEmails.includes(email) ? 'admin' : 'user';

/**
 * Makes every user's role match ADMIN_EMAILS (run at start): UserRoleChanged for each user
 * whose role differs, and their sessions revoked, since their tokens carry the old role.
 * Safe with several replicas starting at once: a user already changed is left alone.
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
    select: { id: true },
  });
  let changed = 0;
  for (const { id } of mismatched) {
    changed += await changeUser(identity.events, id, async (user, { tx }) => {
      const role = roleFor(user.email, admins);
      if (user.role === role) return { events: [], result: 0 };
      const now = identity.clock();
      const revoke = await revokeAllSessions(tx, user.id, now, 'role-changed', identity.config);
      const previousRole = user.role === 'admin' ? 'admin' : 'user';
      const roleChanged = newEvent(UserRoleChangedV1, {
        userId: user.id,
        email: user.email,
        role,
        previousRole,
      });
      identity.logger.info({ userId: user.id, role, previousRole }, 'role set from ADMIN_EMAILS');
      return { events: [roleChanged, revoke.event], result: 1 };
    });
  }
  return changed;
}
