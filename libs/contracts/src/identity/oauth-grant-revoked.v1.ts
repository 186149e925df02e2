import { z } from 'zod';
import { defineEvent } from '../envelope.js';

/**
 * A user's OAuth grant (a connected app: every access and refresh token issued under it) must
 * no longer be honoured. Resource servers (access) keep the revoked grant ids in memory, fed
 * from this event on every replica, and refuse any access token whose `gid` claim is one of
 * them within 2 s.
 */
export const OAuthGrantRevokedV1 = defineEvent({
  type: 'OAuthGrantRevoked',
  version: 1,
  producer: 'identity',
  schema: z.object({
    /** The grant id (the access token's `gid` claim; the connected app's id). */
    grantId: z.string().min(1).max(255),
    userId: z.uuid(),
    clientId: z.string().min(1).max(255),
    reason: z.enum(['user', 'password_changed', 'refresh_reuse', 'admin', 'account_erased']),
    revokedAt: z.iso.datetime({ offset: true }),
  }),
});
export type OAuthGrantRevokedV1Data = z.infer<typeof OAuthGrantRevokedV1.schema>;
