import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { PaymentMismatched } from './payment-events.js';

/** `payment_reviews`: every PaymentMismatched, for staff to refund or grant by hand. */
export const paymentReviewProjection: Projection<BillingTx> = {
  name: 'billing-payment-reviews',
  handles: [PaymentMismatched.type],
  async apply(event, { tx }) {
    const data = PaymentMismatched.schema.parse(event.data);
    const row = {
      userId: data.userId,
      kind: data.purpose.kind,
      productId: data.purpose.kind === 'product' ? data.purpose.productId : null,
      description: data.description,
      expectedCents: data.expectedCents,
      expectedCurrency: data.expectedCurrency,
      paidCents: data.paidCents,
      paidCurrency: data.paidCurrency,
      provider: data.provider,
      providerPaymentId: data.providerPaymentId,
      paidAt: new Date(data.paidAt),
      detectedAt: new Date(event.occurredAt),
    };
    await tx.paymentReview.upsert({
      where: { paymentId: data.paymentId },
      create: { paymentId: data.paymentId, ...row },
      update: row,
    });
  },
  async reset({ tx }) {
    await tx.paymentReview.deleteMany();
  },
};
