import { GiftPaidV1 } from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import {
  GiftClaimNoted,
  GiftDisputeNoted,
  GiftPaymentDetailsRecorded,
  GiftPaymentMismatched,
  GiftRefundRecorded,
  GiftStarted,
} from './gift-events.js';

/** `gift_payments`: each gift's payment as its buyer's payment history shows it. */
export const giftPaymentsProjection: Projection<BillingTx> = {
  name: 'billing-gift-payments',
  handles: [
    GiftStarted.type,
    GiftPaidV1.type,
    GiftPaymentMismatched.type,
    GiftPaymentDetailsRecorded.type,
    GiftClaimNoted.type,
    GiftRefundRecorded.type,
    GiftDisputeNoted.type,
  ],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case GiftStarted.type: {
        const d = GiftStarted.schema.parse(event.data);
        await tx.giftPayment.upsert({
          where: { giftId: d.giftId },
          create: {
            giftId: d.giftId,
            buyerId: d.buyerId,
            itemKind: d.item.kind,
            productId: d.item.kind === 'product' ? d.item.productId : null,
            plan: d.item.kind === 'plan' ? d.item.plan : null,
            recipientEmail: d.recipientEmail,
            amountCents: d.amountCents,
            currency: d.currency,
            status: 'pending',
            createdAt: at,
            updatedAt: at,
          },
          update: {},
        });
        return;
      }
      case GiftPaidV1.type: {
        const d = GiftPaidV1.schema.parse(event.data);
        await tx.giftPayment.updateMany({
          where: { giftId: d.giftId },
          data: {
            status: 'succeeded',
            amountCents: d.amountCents,
            currency: d.currency,
            providerPaymentId: d.providerPaymentId,
            paidAt: new Date(d.paidAt),
            updatedAt: at,
          },
        });
        return;
      }
      case GiftPaymentMismatched.type: {
        const d = GiftPaymentMismatched.schema.parse(event.data);
        await tx.giftPayment.updateMany({
          where: { giftId: d.giftId },
          data: { status: 'under_review', updatedAt: at },
        });
        return;
      }
      case GiftPaymentDetailsRecorded.type: {
        const d = GiftPaymentDetailsRecorded.schema.parse(event.data);
        await tx.giftPayment.updateMany({
          where: { giftId: d.giftId },
          data: { cardLast4: d.cardLast4, receiptUrl: d.receiptUrl },
        });
        return;
      }
      case GiftClaimNoted.type: {
        const d = GiftClaimNoted.schema.parse(event.data);
        await tx.giftPayment.updateMany({
          where: { giftId: d.giftId },
          data: { claimedAt: new Date(d.claimedAt), updatedAt: at },
        });
        return;
      }
      case GiftRefundRecorded.type: {
        const d = GiftRefundRecorded.schema.parse(event.data);
        const row = await tx.giftPayment.findUnique({ where: { giftId: d.giftId } });
        await tx.giftPayment.updateMany({
          where: { giftId: d.giftId },
          data: {
            refundedCents: d.refundedTotalCents,
            ...(row && d.refundedTotalCents >= row.amountCents ? { status: 'refunded' } : {}),
            updatedAt: at,
          },
        });
        return;
      }
      case GiftDisputeNoted.type: {
        const d = GiftDisputeNoted.schema.parse(event.data);
        // Open or lost: the money is questioned or gone; won (or closed with a warning): paid.
        const status = d.outcome === null || d.outcome === 'lost' ? 'disputed' : 'succeeded';
        await tx.giftPayment.updateMany({
          where: { giftId: d.giftId, status: { in: ['succeeded', 'disputed'] } },
          data: { status, updatedAt: at },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.giftPayment.deleteMany();
  },
};
