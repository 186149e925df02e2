import { SubscriptionActivatedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** An active plan opens every tool until the current period ends. */
export const grantAccessOnSubscriptionActivated = on<typeof SubscriptionActivatedV1, AccessTx>(
  SubscriptionActivatedV1,
  async (data, envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'note-subscription-term',
      userId: data.userId,
      subscriptionId: data.subscriptionId,
      periodEnd: data.currentPeriodEnd,
      // Events published before envelopes carried versions count as oldest.
      sourceVersion: envelope.streamVersion ?? 0,
      at: envelope.occurredAt,
    });
  },
);
