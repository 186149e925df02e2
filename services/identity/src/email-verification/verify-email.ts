import type { Identity } from '../identity.js';
import { hashLinkToken } from '../shared/link-tokens.js';
import { verificationLinkRefused } from '../users/refusals.js';
import { changeUser } from '../users/user-stream.js';

export { VERIFICATION_TOKEN_MESSAGES } from '../users/refusals.js';

/**
 * Marks the address of the link's user as verified: the newest link only, once, within
 * EMAIL_VERIFICATION_TTL_HOURS. A verified address listed in ADMIN_EMAILS becomes admin now
 * (and the user's sessions end, as their tokens carry the old role). The read model only says
 * whose link it is; the user's stream decides.
 */
export async function verifyEmail(identity: Identity, token: string): Promise<void> {
  const tokenHash = hashLinkToken(token);
  const link = await identity.db.emailVerificationToken.findUnique({ where: { tokenHash } });
  if (!link) throw verificationLinkRefused('invalid');
  const { decided } = await changeUser(identity, link.userId, {
    kind: 'VerifyEmail',
    tokenHash,
    adminEmails: identity.config.ADMIN_EMAILS,
  });
  for (const event of decided) {
    if (event.type !== 'UserRoleChanged') continue;
    const { role, previousRole } = event.data;
    identity.logger.info(
      { userId: link.userId, role, previousRole },
      'role set from ADMIN_EMAILS on verification',
    );
  }
}
