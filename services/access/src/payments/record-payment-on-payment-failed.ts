import { PaymentFailedV1 } from '@mia/contracts';
import { eventOf, on } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { describePurpose, purposeFields } from './payment-description.js';
import { PaymentFailedNoted, paymentsStreamId } from './payment-events.js';
import { paymentsDecider } from './payments-decider.js';

/** Records a refused charge in the user's history (status `failed`). */
export const recordPaymentOnPaymentFailed = on<typeof PaymentFailedV1, AccessTx>(
  PaymentFailedV1,
  async (data, _envelope, ctx) => {
    // The tool's name from the catalogue table, in this reaction's transaction.
    const product =
      data.purpose.kind === 'product'
        ? await ctx.tx.catalogProduct.findUnique({ where: { productId: data.purpose.productId } })
        : null;
    await ctx.decide(paymentsStreamId(data.userId), paymentsDecider, {
      kind: 'note',
      event: eventOf(PaymentFailedNoted, {
        paymentId: data.paymentId,
        userId: data.userId,
        ...purposeFields(data.purpose),
        amountCents: data.amountCents,
        currency: data.currency,
        description: describePurpose(data.purpose, product?.nameEs),
        code: data.code,
        at: data.failedAt,
      }),
    });
  },
);
