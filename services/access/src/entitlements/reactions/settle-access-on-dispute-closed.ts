import { DisputeClosedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** A won dispute restores the suspended tool; a lost one revokes it. */
export const settleAccessOnDisputeClosed = on<typeof DisputeClosedV1, AccessTx>(
  DisputeClosedV1,
  async (data, _envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'close-dispute',
      userId: data.userId,
      paymentId: data.paymentId,
      disputeId: data.disputeId,
      outcome: data.outcome,
    });
  },
);
