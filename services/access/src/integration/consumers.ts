import type { ConsumerDefinition } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { recordUserOnUserRegistered } from '../users/record-user-on-user-registered.js';
import { updateRoleOnUserRoleChanged } from '../users/update-role-on-user-role-changed.js';

/** Every event access reacts to, one durable consumer per purpose. */
export const accessConsumers: readonly ConsumerDefinition<AccessTx>[] = [
  {
    name: 'user-directory',
    subscriptions: [recordUserOnUserRegistered, updateRoleOnUserRoleChanged],
  },
];
