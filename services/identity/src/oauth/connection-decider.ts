import { DomainError, type Decider } from '@mia/service-kit';
import type { OAuthGrantRevokedV1Data } from '@mia/contracts';
import { readConnectionEvent, type ConnectionEvent } from './connection-events.js';

export type RevokeReason = OAuthGrantRevokedV1Data['reason'];

export type ConnectionCommand =
  | { kind: 'Connect'; grantId: string; userId: string; clientId: string; clientName: string }
  | { kind: 'Revoke'; reason: RevokeReason };

export type ConnectionState =
  | { status: 'none' }
  | { status: 'connected' | 'revoked'; grantId: string; userId: string; clientId: string };

/**
 * One connected app's life: made once by a consent, revoked at most once (by the user, a
 * password change, a reused refresh token). A revoked grant is never connected again: the next
 * consent makes a new grant. Revoking twice, or what was never connected, changes nothing.
 */
export const connectionDecider: Decider<ConnectionCommand, ConnectionState, ConnectionEvent> = {
  name: 'oauth-connection',
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'OAuthConnectionMade') {
      const { grantId, userId, clientId } = event.data;
      return { status: 'connected', grantId, userId, clientId };
    }
    if (state.status === 'none') return state;
    return { ...state, status: 'revoked' };
  },
  decide(command, state, { now }) {
    if (command.kind === 'Connect') {
      if (state.status === 'connected') return [];
      if (state.status === 'revoked') {
        throw new DomainError('conflict', 'grant_revoked', 'This connection was revoked');
      }
      const { grantId, userId, clientId, clientName } = command;
      return [
        {
          type: 'OAuthConnectionMade',
          data: { grantId, userId, clientId, clientName, connectedAt: now.toISOString() },
        },
      ];
    }
    if (state.status !== 'connected') return [];
    return [
      {
        type: 'OAuthGrantRevoked',
        data: {
          grantId: state.grantId,
          userId: state.userId,
          clientId: state.clientId,
          reason: command.reason,
          revokedAt: now.toISOString(),
        },
      },
    ];
  },
  read: readConnectionEvent,
};
