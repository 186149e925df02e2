import {
  DisputeClosedV1,
  PaymentDisputedV1,
  PaymentFailedV1,
  PaymentRefundedV1,
  PaymentSucceededV1,
  type PaymentPurpose,
} from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { describePurpose } from '../shared/descriptions.js';
import { PaymentReceiptRecorded, PaymentStarted } from './payment-events.js';

const purposeColumns = (purpose: PaymentPurpose) =>
  purpose.kind === 'product'
    ? { kind: 'product', productId: purpose.productId, subscriptionId: null, plan: null }
    : {
        kind: 'subscription',
        productId: null,
        subscriptionId: purpose.subscriptionId,
        plan: purpose.plan,
      };

/** `payments`: every payment with its latest outcome, for the billing overview and refunds. */
export const paymentsProjection: Projection<BillingTx> = {
  name: 'billing-payments',
  handles: [
    PaymentStarted.type,
    PaymentSucceededV1.type,
    PaymentFailedV1.type,
    PaymentRefundedV1.type,
    PaymentDisputedV1.type,
    DisputeClosedV1.type,
    PaymentReceiptRecorded.type,
  ],
  async apply(event, { tx }) {
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case PaymentStarted.type: {
        const data = PaymentStarted.schema.parse(event.data);
        await tx.payment.upsert({
          where: { paymentId: data.paymentId },
          create: {
            paymentId: data.paymentId,
            userId: data.userId,
            ...purposeColumns(data.purpose),
            amountCents: data.amountCents,
            currency: data.currency,
            description: data.description,
            status: 'pending',
            createdAt: at,
            updatedAt: at,
          },
          update: {},
        });
        return;
      }
      case PaymentSucceededV1.type: {
        const data = PaymentSucceededV1.schema.parse(event.data);
        const paid = {
          amountCents: data.amountCents,
          currency: data.currency,
          description: data.description,
          status: 'succeeded',
          provider: data.provider,
          providerPaymentId: data.providerPaymentId,
          cardBrand: data.cardBrand,
          cardLast4: data.cardLast4,
          paidAt: new Date(data.paidAt),
          updatedAt: at,
        };
        await tx.payment.upsert({
          where: { paymentId: data.paymentId },
          create: {
            paymentId: data.paymentId,
            userId: data.userId,
            ...purposeColumns(data.purpose),
            ...paid,
            createdAt: at,
          },
          update: paid,
        });
        return;
      }
      case PaymentFailedV1.type: {
        const data = PaymentFailedV1.schema.parse(event.data);
        const failed = {
          status: 'failed',
          failureCode: data.code,
          failureMessage: data.message,
          updatedAt: at,
        };
        await tx.payment.upsert({
          where: { paymentId: data.paymentId },
          create: {
            paymentId: data.paymentId,
            userId: data.userId,
            ...purposeColumns(data.purpose),
            amountCents: data.amountCents,
            currency: data.currency,
            // A renewal is first seen when it fails: named after its plan.
            description: describePurpose(data.purpose),
            ...failed,
            createdAt: at,
          },
          update: failed,
        });
        return;
      }
      case PaymentRefundedV1.type: {
        const data = PaymentRefundedV1.schema.parse(event.data);
        await tx.payment.updateMany({
          where: { paymentId: data.paymentId },
          data: {
            refundedCents: { increment: data.amountCents },
            ...(data.full ? { status: 'refunded' } : {}),
            updatedAt: at,
          },
        });
        return;
      }
      case PaymentDisputedV1.type: {
        const data = PaymentDisputedV1.schema.parse(event.data);
        await tx.payment.updateMany({
          where: { paymentId: data.paymentId, status: { not: 'refunded' } },
          data: { status: 'disputed', updatedAt: at },
        });
        return;
      }
      case DisputeClosedV1.type: {
        const data = DisputeClosedV1.schema.parse(event.data);
        if (data.outcome === 'won') {
          await tx.payment.updateMany({
            where: { paymentId: data.paymentId, status: 'disputed' },
            data: { status: 'succeeded', updatedAt: at },
          });
        }
        return;
      }
      case PaymentReceiptRecorded.type: {
        const data = PaymentReceiptRecorded.schema.parse(event.data);
        await tx.payment.updateMany({
          where: { paymentId: data.paymentId },
          data: { receiptUrl: data.receiptUrl },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.payment.deleteMany();
  },
};
