import { z } from 'zod';
import { defineEvent } from '../envelope.js';

/**
 * The user proved they read the mailbox of `email` by opening the link identity mailed. Only a
 * verified address listed in ADMIN_EMAILS gets the admin role (a UserRoleChanged follows in the
 * same commit when it does).
 */
export const UserEmailVerifiedV1 = defineEvent({
  type: 'UserEmailVerified',
  version: 1,
  producer: 'identity',
  schema: z.object({
    userId: z.uuid(),
    email: z.email(),
    verifiedAt: z.iso.datetime({ offset: true }),
  }),
});
export type UserEmailVerifiedV1Data = z.infer<typeof UserEmailVerifiedV1.schema>;
