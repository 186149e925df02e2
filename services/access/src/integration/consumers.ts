import type { ConsumerDefinition } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { recordCustomerOnUserRegistered } from '../users/record-customer-on-user-registered.js';
import { recordRoleOnUserRoleChanged } from '../users/record-role-on-user-role-changed.js';

/** Every event access reacts to, one durable consumer per purpose. */
export const accessConsumers: readonly ConsumerDefinition<AccessTx>[] = [
  {
    name: 'user-directory',
    subscriptions: [recordCustomerOnUserRegistered, recordRoleOnUserRoleChanged],
  },
];
