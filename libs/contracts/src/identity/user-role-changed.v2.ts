import { z } from 'zod';
import { defineEvent } from '../envelope.js';

/**
 * A user's role changed, and who decided it: an admin's command (`POST /api/admin/roles`,
 * `by` is that admin) or, for a verified address listed in ADMIN_EMAILS, the configuration's
 * bootstrap (`by` null). The configuration only ever grants: nothing but an admin's command
 * removes the role. The user's earlier sessions are revoked in the same commit, so no token
 * keeps carrying the old role.
 *
 * v2 of UserRoleChanged: v1 said neither who nor why (identity set roles from ADMIN_EMAILS at
 * every start). v1 is no longer published, since no consumer declares it; identity reads the v1
 * events its streams hold as v2 with `by: null`.
 */
export const UserRoleChangedV2 = defineEvent({
  type: 'UserRoleChanged',
  version: 2,
  producer: 'identity',
  schema: z.object({
    userId: z.uuid(),
    email: z.email(),
    role: z.enum(['user', 'admin']),
    previousRole: z.enum(['user', 'admin']),
    /** The admin who gave the command; null when ADMIN_EMAILS bootstrapped the role. */
    by: z.object({ userId: z.uuid(), email: z.email() }).nullable(),
    /** Why, in the admin's words (or `ADMIN_EMAILS` for the bootstrap). */
    reason: z.string().min(1).max(500),
  }),
});
export type UserRoleChangedV2Data = z.infer<typeof UserRoleChangedV2.schema>;

/** The reason recorded when the role came from the ADMIN_EMAILS setting. */
export const ADMIN_EMAILS_REASON = 'ADMIN_EMAILS';
