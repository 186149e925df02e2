import { PaymentRefundedV2 } from '@mia/contracts';
import { eventOf, on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { PaymentRefundNoted, paymentsStreamId } from './payment-events.js';
import { paymentsDecider } from './payments-decider.js';

/** Records a refund; a full one shows the payment as `refunded`. */
export const recordRefundOnPaymentRefunded = on<typeof PaymentRefundedV2, AccessTx>(
  PaymentRefundedV2,
  async (data, _envelope, ctx) => {
    await ctx.decide(paymentsStreamId(data.userId), paymentsDecider, {
      kind: 'note',
      event: eventOf(PaymentRefundNoted, {
        paymentId: data.paymentId,
        userId: data.userId,
        amountCents: data.amountCents,
        full: data.full,
        at: data.refundedAt,
      }),
    });
  },
);
