import { z } from 'zod';
import { defineEvent } from '../envelope.js';

/**
 * A connected app (an OAuth grant: one client, one user) lost its access. Every token of the
 * grant carries its id as the `gid` claim; verifiers of user access tokens (access) refuse a
 * token whose `gid` they saw here, the way SessionsRevoked ends sessions.
 * - `user`: the user revoked it in Account Settings (or the app revoked its own refresh token);
 * - `password_changed`: a password change or reset ends every connection of the user;
 * - `refresh_reuse`: a refresh token was used twice, so the whole family is presumed stolen;
 * - `admin`, `account_erased`: staff action, erasure of the account.
 */
export const OAuthGrantRevokedV1 = defineEvent({
  type: 'OAuthGrantRevoked',
  version: 1,
  producer: 'identity',
  schema: z.object({
    grantId: z.string().min(1),
    userId: z.uuid(),
    clientId: z.string().min(1),
    reason: z.enum(['user', 'password_changed', 'refresh_reuse', 'admin', 'account_erased']),
    revokedAt: z.iso.datetime({ offset: true }),
  }),
});
export type OAuthGrantRevokedV1Data = z.infer<typeof OAuthGrantRevokedV1.schema>;
