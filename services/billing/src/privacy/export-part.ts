import { BillingExportPartReadyV1 } from '@mia/contracts';
import {
  exportPartOnRequested,
  mailsSentTo,
  publishExportPart,
  type ExportContributor,
} from '@mia/service-kit';
import type { BillingTx } from '../db.js';

/**
 * Billing's part of an account export: the customer record, payments (refunds included),
 * subscriptions, trials, owned products, disputes, payments held for review, and the mails
 * billing queued. Card data is the brand and expiry only: billing never holds card numbers.
 */
export const billingExportContributor: ExportContributor<BillingTx> = {
  service: 'billing',
  schemaVersion: 1,
  async build({ tx, sql }, userId) {
    const where = { where: { userId } };
    const [customer, payments, subscriptions, trials, ownedProducts, disputes, reviews] =
      await Promise.all([
        tx.customer.findUnique({ where: { userId } }),
        tx.payment.findMany({ ...where, orderBy: { createdAt: 'asc' } }),
        tx.subscription.findMany({ ...where, orderBy: { createdAt: 'asc' } }),
        tx.trial.findMany(where),
        tx.ownedProduct.findMany(where),
        tx.dispute.findMany(where),
        tx.paymentReview.findMany(where),
      ]);
    return {
      customer,
      payments,
      refunds: payments
        .filter((p) => p.refundedCents > 0)
        .map((p) => ({
          paymentId: p.paymentId,
          refundedCents: p.refundedCents,
          currency: p.currency,
        })),
      subscriptions,
      trials,
      ownedProducts,
      disputes,
      paymentReviews: reviews,
      mailsSent: await mailsSentTo(sql, customer?.email),
    };
  },
};

/** The reaction: billing's part, sealed and published as BillingExportPartReady. */
export const billingExportPartOnRequested = () =>
  exportPartOnRequested(billingExportContributor, publishExportPart(BillingExportPartReadyV1));
