import { SubscriptionChangedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { noteTeamPlan } from '../../teams/note-team-plan.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';
import { entitlementsPolicy } from '../entitlements-policy.js';

/**
 * A plan's terms or status changed without a payment (plan switch, cancellation at period end,
 * a failed renewal): access notes how the plan stands. It never extends the grant (only a
 * paid invoice does): past due opens the grace window, unpaid/incomplete/paused end access.
 */
export const updateAccessOnSubscriptionChanged = on<typeof SubscriptionChangedV2, AccessTx>(
  SubscriptionChangedV2,
  async (data, envelope, ctx) => {
    // A church's plan opens nothing to its buyer: the team's members hold the seats.
    if (data.team) {
      await noteTeamPlan(ctx, { ...data, team: data.team }, envelope, {
        plan: data.plan,
        cancelAtPeriodEnd: data.cancelAtPeriodEnd,
        term: {
          kind: 'standing',
          status: data.status,
          graceDays: entitlementsPolicy.pastDueGraceDays,
        },
      });
      return;
    }
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'note-subscription-standing',
      userId: data.userId,
      subscriptionId: data.subscriptionId,
      status: data.status,
      sourceVersion: envelope.streamVersion ?? 0,
      graceDays: entitlementsPolicy.pastDueGraceDays,
    });
  },
);
