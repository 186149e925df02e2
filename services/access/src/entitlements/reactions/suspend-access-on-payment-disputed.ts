import { PaymentDisputedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** A disputed payment's tool or plan is suspended until the dispute closes (inquiries are not). */
export const suspendAccessOnPaymentDisputed = on<typeof PaymentDisputedV2, AccessTx>(
  PaymentDisputedV2,
  async (data, _envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'open-dispute',
      userId: data.userId,
      paymentId: data.paymentId,
      purpose: data.purpose,
      disputeId: data.disputeId,
      inquiry: data.inquiry,
    });
  },
);
