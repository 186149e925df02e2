import type { ConsumerDefinition } from '@mia/service-kit';
import { CATALOG_CONSUMER } from '../catalog/catalog-feed.js';
import { catalogSubscriptions } from '../catalog/record-product-on-catalog-events.js';
import type { AccessTx } from '../db.js';
import { extendAccessOnSubscriptionRenewed } from '../entitlements/reactions/extend-access-on-subscription-renewed.js';
import { grantAccessOnPaymentSucceeded } from '../entitlements/reactions/grant-access-on-payment-succeeded.js';
import { grantAccessOnSubscriptionActivated } from '../entitlements/reactions/grant-access-on-subscription-activated.js';
import { grantAccessOnTrialStarted } from '../entitlements/reactions/grant-access-on-trial-started.js';
import { revokeAccessOnPaymentRefunded } from '../entitlements/reactions/revoke-access-on-payment-refunded.js';
import { revokeAccessOnSubscriptionEnded } from '../entitlements/reactions/revoke-access-on-subscription-ended.js';
import { settleAccessOnDisputeClosed } from '../entitlements/reactions/settle-access-on-dispute-closed.js';
import { suspendAccessOnPaymentDisputed } from '../entitlements/reactions/suspend-access-on-payment-disputed.js';
import { updateAccessOnSubscriptionChanged } from '../entitlements/reactions/update-access-on-subscription-changed.js';
import { recordPaymentOnPaymentFailed } from '../payments/record-payment-on-payment-failed.js';
import { recordPaymentOnPaymentSucceeded } from '../payments/record-payment-on-payment-succeeded.js';
import { recordRefundOnPaymentRefunded } from '../payments/record-refund-on-payment-refunded.js';
import { recordCustomerOnUserRegistered } from '../users/record-customer-on-user-registered.js';
import { recordRoleOnUserRoleChanged } from '../users/record-role-on-user-role-changed.js';
import { accessExportPartOnRequested } from '../privacy/export-part.js';
import { endGiftOnGiftRefunded } from '../gifts/end-gift-on-gift-refunded.js';
import { scheduleGiftOnGiftPaid } from '../gifts/schedule-gift-on-gift-paid.js';
import { recordVerifiedEmailOnUserEmailVerified } from '../teams/verified-email.js';

/**
 * Every event access reacts to, one durable consumer per purpose. Each reaction appends
 * access's own events (replay rebuilds every read model), so no consumer-fed read model needs
 * `readModels`; `reprocess <consumer>` re-reads a stream and the deciders skip what is known.
 */
export const accessConsumers: readonly ConsumerDefinition<AccessTx>[] = [
  {
    name: 'user-directory',
    subscriptions: [
      recordCustomerOnUserRegistered,
      recordRoleOnUserRoleChanged,
      // A team invitation or a gift is accepted only with the invited address, verified.
      recordVerifiedEmailOnUserEmailVerified,
    ],
  },
  {
    name: 'entitlements',
    subscriptions: [
      grantAccessOnPaymentSucceeded,
      revokeAccessOnPaymentRefunded,
      suspendAccessOnPaymentDisputed,
      settleAccessOnDisputeClosed,
      grantAccessOnSubscriptionActivated,
      extendAccessOnSubscriptionRenewed,
      updateAccessOnSubscriptionChanged,
      revokeAccessOnSubscriptionEnded,
      grantAccessOnTrialStarted,
    ],
  },
  {
    name: 'payments',
    subscriptions: [
      recordPaymentOnPaymentSucceeded,
      recordPaymentOnPaymentFailed,
      recordRefundOnPaymentRefunded,
    ],
  },
  // Billing's catalogue (ADR 0018): the tools access names, opens and verifies.
  { name: CATALOG_CONSUMER, subscriptions: catalogSubscriptions },
  // Gifts (ADR 0020): billing's payment schedules the recipient's mail; its refund ends the gift.
  { name: 'gifts', subscriptions: [scheduleGiftOnGiftPaid, endGiftOnGiftRefunded] },
  // Account exports: access's part, sealed for the export's key.
  { name: 'account-export', subscriptions: [accessExportPartOnRequested()] },
];
