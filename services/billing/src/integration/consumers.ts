import type { ConsumerDefinition } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import type { BillingTx } from '../db.js';
import { notifyRenewalFailureOnPaymentFailed } from '../mail/notify-renewal-failure-on-payment-failed.js';
import { sendReceiptOnPaymentSucceeded } from '../mail/send-receipt-on-payment-succeeded.js';

/** Every event billing reacts to (its own, published by its relay), one consumer per purpose. */
export const billingConsumers = (billing: Billing): readonly ConsumerDefinition<BillingTx>[] => [
  {
    name: 'mail',
    subscriptions: [
      sendReceiptOnPaymentSucceeded(billing),
      notifyRenewalFailureOnPaymentFailed(billing),
    ],
  },
];
