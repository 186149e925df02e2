import { PaymentRefundedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/**
 * A refund may take back what the payment bought: a tool's full refund, or a plan refunded
 * with `cancel_now` (the decider says which).
 */
export const revokeAccessOnPaymentRefunded = on<typeof PaymentRefundedV2, AccessTx>(
  PaymentRefundedV2,
  async (data, _envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'revoke-purchase',
      userId: data.userId,
      paymentId: data.paymentId,
      purpose: data.purpose,
      full: data.full,
      planAction: data.planAction,
    });
  },
);
