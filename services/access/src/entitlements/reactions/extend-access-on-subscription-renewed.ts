import { SubscriptionRenewedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/**
 * A paid renewal extends the plan's grant to the new period end (and grants it, should the
 * renewal be handled before the activation).
 */
export const extendAccessOnSubscriptionRenewed = on<typeof SubscriptionRenewedV1, AccessTx>(
  SubscriptionRenewedV1,
  async (data, envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'note-subscription-term',
      userId: data.userId,
      subscriptionId: data.subscriptionId,
      periodEnd: data.currentPeriodEnd,
      sourceVersion: envelope.streamVersion ?? 0,
      at: envelope.occurredAt,
    });
  },
);
