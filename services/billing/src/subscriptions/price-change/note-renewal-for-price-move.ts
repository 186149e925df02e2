import { SubscriptionRenewedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { BillingTx } from '../../db.js';
import { planPriceMoveDecider } from './price-move-decider.js';
import { planPriceMoveStreamId } from './price-move-events.js';

/**
 * A paid renewal either was the one charging the new price (the move is done) or, when the move
 * waited past it, makes the next renewal the one to check (the sweep then updates the provider).
 * Read as v2: a team plan's renewals too (their price moves as a personal plan's does).
 */
export const noteRenewalForPriceMove = () =>
  on<typeof SubscriptionRenewedV2, BillingTx>(
    SubscriptionRenewedV2,
    async (data, _envelope, ctx) => {
      const streamId = planPriceMoveStreamId(data.subscriptionId);
      // Most renewals have no price move: nothing to decide.
      if ((await ctx.readStream(streamId)).length === 0) return;
      await ctx.decide(streamId, planPriceMoveDecider, {
        kind: 'renewed',
        plan: data.plan,
        currentPeriodEnd: data.currentPeriodEnd,
      });
    },
  );
