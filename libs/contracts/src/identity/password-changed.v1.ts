import { z } from 'zod';
import { defineEvent } from '../envelope.js';

/**
 * A user's password was replaced (never carries the password or its hash). Every session of
 * the user started before it is revoked by a SessionsRevoked event in the same commit.
 */
export const PasswordChangedV1 = defineEvent({
  type: 'PasswordChanged',
  version: 1,
  producer: 'identity',
  schema: z.object({
    userId: z.uuid(),
    /** `reset`: through a mailed reset link; `change`: by the signed-in user. */
    reason: z.enum(['reset', 'change']),
    changedAt: z.iso.datetime({ offset: true }),
  }),
});
export type PasswordChangedV1Data = z.infer<typeof PasswordChangedV1.schema>;
