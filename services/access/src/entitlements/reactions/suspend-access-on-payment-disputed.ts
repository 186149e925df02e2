import { PaymentDisputedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** A disputed payment's tool is suspended until the dispute closes. */
export const suspendAccessOnPaymentDisputed = on<typeof PaymentDisputedV1, AccessTx>(
  PaymentDisputedV1,
  async (data, _envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'open-dispute',
      userId: data.userId,
      paymentId: data.paymentId,
      disputeId: data.disputeId,
    });
  },
);
