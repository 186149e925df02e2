import { SubscriptionRenewedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { noteTeamPlan } from '../../teams/note-team-plan.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/**
 * A paid renewal extends the plan's grant to the new period end (and grants it, should the
 * renewal be handled before the activation).
 */
export const extendAccessOnSubscriptionRenewed = on<typeof SubscriptionRenewedV2, AccessTx>(
  SubscriptionRenewedV2,
  async (data, envelope, ctx) => {
    // A church's plan opens nothing to its buyer: the team's members hold the seats.
    if (data.team) {
      await noteTeamPlan(ctx, { ...data, team: data.team }, envelope, {
        plan: data.plan,
        cancelAtPeriodEnd: null,
        term: { kind: 'paid', periodEnd: data.currentPeriodEnd, at: envelope.occurredAt },
      });
      return;
    }
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
