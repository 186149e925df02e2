import { DisputeClosedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** Won, warning_closed or prevented restores the suspended tool or plan; lost revokes it. */
export const settleAccessOnDisputeClosed = on<typeof DisputeClosedV2, AccessTx>(
  DisputeClosedV2,
  async (data, _envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'close-dispute',
      userId: data.userId,
      paymentId: data.paymentId,
      purpose: data.purpose,
      disputeId: data.disputeId,
      outcome: data.outcome,
    });
  },
);
