import type { ConsumerReadModel } from '@mia/service-kit';
import type { SupportTx } from '../db.js';
import { recordCustomerOnUserRegistered } from './record-customer.js';
import {
  recordExtensionOnAccessExtended,
  recordGrantOnAccessGranted,
  recordRestorationOnAccessRestored,
  recordRevocationOnAccessRevoked,
  recordSuspensionOnAccessSuspended,
} from './record-access.js';
import {
  recordDisputeOnPaymentDisputed,
  recordFailureOnPaymentFailed,
  recordOutcomeOnDisputeClosed,
  recordPaymentOnPaymentSucceeded,
  recordRefundOnPaymentRefunded,
} from './record-payments.js';
import {
  recordEndOnSubscriptionEnded,
  recordSubscriptionOnActivated,
  recordSubscriptionOnChanged,
  recordSubscriptionOnRenewed,
  recordTrialOnTrialStarted,
} from './record-subscriptions.js';

export const CUSTOMER_CONTEXT_CONSUMER = 'customer-context';

/** The reactions that keep support's picture of each customer (identity, access, billing). */
export const customerContextSubscriptions = [
  recordCustomerOnUserRegistered,
  recordGrantOnAccessGranted,
  recordExtensionOnAccessExtended,
  recordRevocationOnAccessRevoked,
  recordSuspensionOnAccessSuspended,
  recordRestorationOnAccessRestored,
  recordPaymentOnPaymentSucceeded,
  recordFailureOnPaymentFailed,
  recordRefundOnPaymentRefunded,
  recordDisputeOnPaymentDisputed,
  recordOutcomeOnDisputeClosed,
  recordSubscriptionOnActivated,
  recordSubscriptionOnRenewed,
  recordSubscriptionOnChanged,
  recordEndOnSubscriptionEnded,
  recordTrialOnTrialStarted,
];

/**
 * Only this consumer writes these tables (they are not derived from support's own store), so
 * `npm run reprocess -w services/support -- customer-context` empties them and reads the source
 * streams again.
 */
export const customerContextReadModel: ConsumerReadModel<SupportTx> = {
  consumer: CUSTOMER_CONTEXT_CONSUMER,
  async reset({ tx }) {
    await tx.customerTrial.deleteMany();
    await tx.customerSubscription.deleteMany();
    await tx.customerPayment.deleteMany();
    await tx.customerGrant.deleteMany();
    await tx.customer.deleteMany();
  },
};
