import type { ConsumerDefinition } from '@mia/service-kit';
import {
  CUSTOMER_CONTEXT_CONSUMER,
  customerContextSubscriptions,
} from '../customers/customer-context-model.js';
import { CATALOG_CONSUMER, catalogSubscriptions } from '../catalog/record-catalog.js';
import type { SupportTx } from '../db.js';
import type { Support } from '../support.js';
import { mailCustomerOnStaffReply } from '../tickets/mail-customer-on-staff-reply.js';
import { supportExportPartOnRequested } from '../privacy/export-part.js';

/** Every event support reacts to, one durable consumer per purpose. */
export const supportConsumers = (support: Support): readonly ConsumerDefinition<SupportTx>[] => [
  // The customer's situation (identity, access, billing) for the chat and the staff console.
  { name: CUSTOMER_CONTEXT_CONSUMER, subscriptions: customerContextSubscriptions },
  // "Staff replied" mails, from support's own published events.
  { name: 'ticket-mail', subscriptions: [mailCustomerOnStaffReply(support)] },
  // billing's catalogue: the tools the chat describes and the names of what customers own.
  { name: CATALOG_CONSUMER, subscriptions: catalogSubscriptions },
  // Account exports: support's part, sealed for the export's key.
  { name: 'account-export', subscriptions: [supportExportPartOnRequested()] },
];
