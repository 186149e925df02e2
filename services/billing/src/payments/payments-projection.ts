import {
  DisputeClosedV2,
  PaymentDisputedV2,
  PaymentFailedV1,
  PaymentRefundedV2,
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
    PaymentRefundedV2.type,
    PaymentDisputedV2.type,
    DisputeClosedV2.type,
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
      // v2 (with its discount) and v1 (older streams) alike: the fields read here are v1's.
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
      // Refunds and disputes are v2; the v1 twins older streams hold are skipped: only v2 counts.
      case PaymentRefundedV2.type: {
        if (event.version !== PaymentRefundedV2.version) return;
        const data = PaymentRefundedV2.schema.parse(event.data);
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
      case PaymentDisputedV2.type: {
        if (event.version !== PaymentDisputedV2.version) return;
        const data = PaymentDisputedV2.schema.parse(event.data);
        // An inquiry questions the payment without taking the money back yet.
        if (data.inquiry) return;
        await tx.payment.updateMany({
          where: { paymentId: data.paymentId, status: { not: 'refunded' } },
          data: { status: 'disputed', updatedAt: at },
        });
        return;
      }
      case DisputeClosedV2.type: {
        if (event.version !== DisputeClosedV2.version) return;
        const data = DisputeClosedV2.schema.parse(event.data);
        if (data.outcome !== 'lost') {
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
