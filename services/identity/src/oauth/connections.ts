import type { Identity } from '../identity.js';
import { connectionStreamId } from './connection-events.js';
import { connectionDecider, type RevokeReason } from './connection-decider.js';

type Commands = Pick<Identity, 'commands'>;

/** Records the user's consent to an app as a connection (the grant's id names it). */
export async function recordConnection(
  identity: Commands,
  connection: { grantId: string; userId: string; clientId: string; clientName: string },
): Promise<void> {
  await identity.commands.handle(connectionStreamId(connection.grantId), connectionDecider, {
    kind: 'Connect',
    ...connection,
  });
}

/**
 * Ends a connection: OAuthGrantRevoked is stored (and published), and in the same transaction
 * the grant's codes and refresh tokens are deleted (oauth-connections projection). True when
 * this call revoked it, false when it was not connected.
 */
export async function revokeConnection(
  identity: Commands,
  grantId: string,
  reason: RevokeReason,
): Promise<boolean> {
  const { decided } = await identity.commands.handle(
    connectionStreamId(grantId),
    connectionDecider,
    { kind: 'Revoke', reason },
  );
  return decided.length > 0;
}
