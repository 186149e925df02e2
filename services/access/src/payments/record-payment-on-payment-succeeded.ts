import { PaymentSucceededV2 } from '@mia/contracts';
import { eventOf, on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { purposeFields } from './payment-description.js';
import { PaymentSucceededNoted, paymentsStreamId } from './payment-events.js';
import { paymentsDecider } from './payments-decider.js';

/** Records a paid payment in the user's history. */
export const recordPaymentOnPaymentSucceeded = on<typeof PaymentSucceededV2, AccessTx>(
  PaymentSucceededV2,
  async (data, _envelope, ctx) => {
    await ctx.decide(paymentsStreamId(data.userId), paymentsDecider, {
      kind: 'note',
      event: eventOf(PaymentSucceededNoted, {
        paymentId: data.paymentId,
        userId: data.userId,
        ...purposeFields(data.purpose),
        amountCents: data.amountCents,
        currency: data.currency,
        description: data.description,
        at: data.paidAt,
        discountCents: data.discountCents,
        promotionCode: data.promotionCode,
      }),
    });
  },
);
