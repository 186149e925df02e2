import { PaymentSucceededV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** A tool's payment grants it for life (`purchase:<paymentId>`); plan invoices grant nothing here. */
export const grantAccessOnPaymentSucceeded = on<typeof PaymentSucceededV2, AccessTx>(
  PaymentSucceededV2,
  async (data, _envelope, ctx) => {
    if (data.purpose.kind !== 'product') return;
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'grant-purchase',
      userId: data.userId,
      paymentId: data.paymentId,
      productId: data.purpose.productId,
      paidAt: data.paidAt,
    });
  },
);
