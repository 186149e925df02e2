import type { Projection } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import {
  OAuthConnectionMade,
  OAuthGrantRevokedV1,
  readConnectionEvent,
} from './connection-events.js';
import { forgetGrantSql } from './adapter.js';

/**
 * The `oauth_connections` table (the connected apps), and the end of a revoked grant's tokens:
 * in the revocation's own transaction the grant and every code and refresh token of it leave
 * the authorization server's store, so no refresh can follow a committed revocation. (Access
 * refuses its already-issued access tokens through the published event.) On replay the delete
 * finds nothing more to remove.
 */
export const oauthConnectionsProjection: Projection<IdentityTx> = {
  name: 'oauth-connections',
  handles: [OAuthConnectionMade.type, OAuthGrantRevokedV1.type],
  async apply(stored, { tx, sql }) {
    const event = readConnectionEvent(stored);
    if (event?.type === 'OAuthConnectionMade') {
      const { grantId, userId, clientId, clientName, connectedAt } = event.data;
      await tx.oAuthConnection.create({
        data: { grantId, userId, clientId, clientName, connectedAt: new Date(connectedAt) },
      });
      return;
    }
    if (event?.type !== 'OAuthGrantRevoked') return;
    const { grantId, revokedAt, reason } = event.data;
    await tx.oAuthConnection.updateMany({
      where: { grantId, revokedAt: null },
      data: { revokedAt: new Date(revokedAt), revokeReason: reason },
    });
    await sql.query(forgetGrantSql, [grantId]);
  },
  async reset({ tx }) {
    await tx.oAuthConnection.deleteMany();
  },
};
