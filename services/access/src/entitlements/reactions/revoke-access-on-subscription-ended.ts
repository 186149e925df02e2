import { SubscriptionEndedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { noteTeamPlan } from '../../teams/note-team-plan.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** A plan that is over for good revokes its grant (remembered if the grant has not arrived). */
export const revokeAccessOnSubscriptionEnded = on<typeof SubscriptionEndedV2, AccessTx>(
  SubscriptionEndedV2,
  async (data, envelope, ctx) => {
    // A church's plan opens nothing to its buyer: the team's members hold the seats.
    if (data.team) {
      await noteTeamPlan(ctx, { ...data, team: data.team }, envelope, {
        plan: null,
        cancelAtPeriodEnd: null,
        term: { kind: 'ended', reason: data.reason },
      });
      return;
    }
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'end-subscription',
      userId: data.userId,
      subscriptionId: data.subscriptionId,
      reason: data.reason,
    });
  },
);
