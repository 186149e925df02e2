import { SubscriptionEndedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** A plan that is over for good revokes its grant (remembered if the grant has not arrived). */
export const revokeAccessOnSubscriptionEnded = on<typeof SubscriptionEndedV1, AccessTx>(
  SubscriptionEndedV1,
  async (data, _envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'end-subscription',
      userId: data.userId,
      subscriptionId: data.subscriptionId,
      reason: data.reason,
    });
  },
);
