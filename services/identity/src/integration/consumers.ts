import type { ConsumerDefinition } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { noteUseOnGptOpened } from '../oauth/note-use-on-gpt-opened.js';
import { revokeConnectionsOnPasswordChanged } from '../oauth/revoke-on-password-changed.js';

/** The events identity reacts to: its own password changes, and access's tool uses. */
export const identityConsumers = (): readonly ConsumerDefinition<IdentityTx>[] => [
  // A password change or reset revokes every connected app of the user.
  { name: 'oauth-connections', subscriptions: [revokeConnectionsOnPasswordChanged()] },
  // Access's tool uses through OAuth: when each connected app was last used.
  { name: 'oauth-uses', subscriptions: [noteUseOnGptOpened()] },
];
