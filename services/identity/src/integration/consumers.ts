import type { ConsumerDefinition } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { revokeConnectionsOnPasswordChanged } from '../oauth/revoke-on-password-changed.js';

/** The events identity reacts to: its own, after they are stored. */
export const identityConsumers = (): readonly ConsumerDefinition<IdentityTx>[] => [
  // A password change or reset revokes every connected app of the user.
  { name: 'oauth-connections', subscriptions: [revokeConnectionsOnPasswordChanged()] },
];
