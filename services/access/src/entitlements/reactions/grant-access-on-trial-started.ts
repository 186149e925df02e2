import { TrialStartedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { AccessTx } from '../../db.js';
import { entitlementsDecider } from '../entitlements-decider.js';
import { entitlementsStreamId } from '../entitlement-events.js';

/** The free trial opens every tool until it ends (no event needed when it does). */
export const grantAccessOnTrialStarted = on<typeof TrialStartedV1, AccessTx>(
  TrialStartedV1,
  async (data, _envelope, ctx) => {
    await ctx.decide(entitlementsStreamId(data.userId), entitlementsDecider, {
      kind: 'grant-trial',
      userId: data.userId,
      trialId: data.trialId,
      startedAt: data.startedAt,
      endsAt: data.endsAt,
    });
  },
);
