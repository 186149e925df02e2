import { z } from 'zod';
import { defineEvent } from '../envelope.js';

/**
 * A user's role changed (identity applies ADMIN_EMAILS at start). The user's earlier sessions
 * are revoked in the same commit, so no token keeps carrying the old role.
 */
export const UserRoleChangedV1 = defineEvent({
  type: 'UserRoleChanged',
  version: 1,
  producer: 'identity',
  schema: z.object({
    userId: z.uuid(),
    email: z.email(),
    role: z.enum(['user', 'admin']),
    previousRole: z.enum(['user', 'admin']),
  }),
});
export type UserRoleChangedV1Data = z.infer<typeof UserRoleChangedV1.schema>;
