import type { Projection } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { PaymentFailedNoted, PaymentRefundNoted, PaymentSucceededNoted } from './payment-events.js';

/**
 * The `payments` table (the dashboard's payment history) from access's payment facts. Facts
 * arrive in any order: a refund may come before its payment, a success after a failure; the
 * status is worked out when read (see paymentStatus).
 */
export const paymentsProjection: Projection<AccessTx> = {
  name: 'payments',
  handles: [PaymentSucceededNoted.type, PaymentFailedNoted.type, PaymentRefundNoted.type],
  async apply(event, { tx }) {
    const updatedAt = new Date(event.occurredAt);
    if (event.type === PaymentRefundNoted.type) {
      const d = PaymentRefundNoted.schema.parse(event.data);
      const existing = await tx.payment.findUnique({ where: { paymentId: d.paymentId } });
      await tx.payment.upsert({
        where: { paymentId: d.paymentId },
        create: {
          paymentId: d.paymentId,
          userId: d.userId,
          succeeded: false,
          failed: false,
          refundedCents: d.amountCents,
          fullyRefunded: d.full,
          updatedAt,
        },
        update: {
          refundedCents: (existing?.refundedCents ?? 0) + d.amountCents,
          fullyRefunded: d.full || (existing?.fullyRefunded ?? false),
          updatedAt,
        },
      });
      return;
    }
    const succeeded = event.type === PaymentSucceededNoted.type;
    const d = (succeeded ? PaymentSucceededNoted : PaymentFailedNoted).schema.parse(event.data);
    const details = {
      description: d.description,
      amountCents: d.amountCents,
      currency: d.currency,
      createdAt: new Date(d.at),
    };
    // Only a success says what a promotion code took off; facts noted before v2 say nothing.
    const discount =
      'discountCents' in d
        ? { discountCents: d.discountCents ?? 0, promotionCode: d.promotionCode ?? null }
        : {};
    const existing = await tx.payment.findUnique({ where: { paymentId: d.paymentId } });
    await tx.payment.upsert({
      where: { paymentId: d.paymentId },
      create: {
        paymentId: d.paymentId,
        userId: d.userId,
        ...details,
        ...discount,
        succeeded,
        failed: !succeeded,
        refundedCents: 0,
        fullyRefunded: false,
        updatedAt,
      },
      // A success's details win over a failure's (a retried charge of the same payment).
      update: succeeded
        ? { ...details, ...discount, succeeded: true, updatedAt }
        : { ...(existing?.succeeded ? {} : details), failed: true, updatedAt },
    });
  },
  async reset({ tx }) {
    await tx.payment.deleteMany();
  },
};
