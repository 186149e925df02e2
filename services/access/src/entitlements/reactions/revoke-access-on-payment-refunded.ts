import { PaymentRefundedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** A full refund takes back what the payment bought; a partial one leaves it. */
export const revokeAccessOnPaymentRefunded = on<typeof PaymentRefundedV1, AccessTx>(
  PaymentRefundedV1,
  async (data, _envelope, ctx) => {
    if (!data.full) return;
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'revoke-purchase',
      userId: data.userId,
      paymentId: data.paymentId,
    });
  },
);
