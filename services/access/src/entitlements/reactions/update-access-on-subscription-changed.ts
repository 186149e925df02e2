import { SubscriptionChangedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/**
 * A plan's terms changed (plan switch, cancellation at period end): the grant follows the
 * newest period end. It opens nothing by itself; cancellation just stops the renewals that
 * would have extended it, and SubscriptionEnded revokes it.
 */
export const updateAccessOnSubscriptionChanged = on<typeof SubscriptionChangedV1, AccessTx>(
  SubscriptionChangedV1,
  async (data, envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'note-subscription-term',
      userId: data.userId,
      subscriptionId: data.subscriptionId,
      periodEnd: data.currentPeriodEnd,
      sourceVersion: envelope.streamVersion ?? 0,
      opensAccess: false,
      at: envelope.occurredAt,
    });
  },
);
