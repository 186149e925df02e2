import { PasswordChangedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { connectionStreamId } from './connection-events.js';
import { connectionDecider } from './connection-decider.js';

/**
 * A new password (changed or reset) ends every connected app of the user, as it ends every
 * session: each connection's OAuthGrantRevoked and its inbox row commit together, so a redelivered
 * event finds them revoked already and does nothing.
 */
export const revokeConnectionsOnPasswordChanged = () =>
  on<typeof PasswordChangedV1, IdentityTx>(PasswordChangedV1, async (data, _envelope, ctx) => {
    const open = await ctx.tx.oAuthConnection.findMany({
      where: { userId: data.userId, revokedAt: null },
      select: { grantId: true },
    });
    for (const { grantId } of open) {
      await ctx.decide(connectionStreamId(grantId), connectionDecider, {
        kind: 'Revoke',
        reason: 'password_changed',
      });
    }
  });
