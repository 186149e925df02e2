import { z } from 'zod';
import { defineEvent } from '../envelope.js';

/**
 * Session tokens that must no longer be accepted by any service. Every verifier feeds it to
 * its RevocationList (@mia/service-kit `recordSessionsRevoked`):
 * - each id in `sessionIds` (the token's `sid` claim) is refused from now on;
 * - when `revokedBefore` is set, so is every token of the user issued before that instant,
 *   whatever its session (password reset or change, role change);
 * - `expiresAt`: no revoked token outlives it, so verifiers may forget the entry afterwards.
 */
export const SessionsRevokedV1 = defineEvent({
  type: 'SessionsRevoked',
  version: 1,
  producer: 'identity',
  schema: z.object({
    userId: z.uuid(),
    sessionIds: z.array(z.string().min(1)),
    /** ISO instant with milliseconds; null when only the listed sessions end (logout). */
    revokedBefore: z.iso.datetime({ offset: true, precision: 3 }).nullable(),
    expiresAt: z.iso.datetime({ offset: true }),
    reason: z.enum(['logout', 'password-reset', 'password-change', 'role-changed']),
  }),
});
export type SessionsRevokedV1Data = z.infer<typeof SessionsRevokedV1.schema>;
