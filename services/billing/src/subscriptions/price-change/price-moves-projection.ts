import type { Projection } from '@mia/service-kit';
import type { BillingTx } from '../../db.js';
import {
  PlanPriceMoved,
  PlanPriceMoveDropped,
  PlanPriceMoveNoticed,
  PlanPriceMoveRenewalSeen,
  PlanPriceMoveScheduled,
  PlanPriceMoveWaiting,
} from './price-move-events.js';

/**
 * `plan_price_moves`: subscribers told of a price change whose move is not done, and whether the
 * provider must be checked (`due`): after a notice, and after a renewal paid while the move
 * waited. The sweep works from it; its decisions are taken on the stream.
 */
export const priceMovesProjection: Projection<BillingTx> = {
  name: 'billing-plan-price-moves',
  handles: [
    PlanPriceMoveNoticed.type,
    PlanPriceMoveScheduled.type,
    PlanPriceMoveWaiting.type,
    PlanPriceMoveRenewalSeen.type,
    PlanPriceMoved.type,
    PlanPriceMoveDropped.type,
  ],
  async apply(event, { tx }) {
    const updatedAt = new Date(event.occurredAt);
    switch (event.type) {
      case PlanPriceMoveNoticed.type: {
        const d = PlanPriceMoveNoticed.schema.parse(event.data);
        const row = {
          userId: d.userId,
          plan: d.plan,
          priceCents: d.priceCents,
          effectiveFrom: new Date(d.effectiveFrom),
          due: true,
          waitingUntil: null,
          updatedAt,
        };
        await tx.planPriceMove.upsert({
          where: { subscriptionId: d.subscriptionId },
          create: { subscriptionId: d.subscriptionId, ...row },
          update: row,
        });
        return;
      }
      case PlanPriceMoveScheduled.type: {
        const d = PlanPriceMoveScheduled.schema.parse(event.data);
        await tx.planPriceMove.updateMany({
          where: { subscriptionId: d.subscriptionId },
          data: { due: false, scheduledFor: new Date(d.renewalAt), waitingUntil: null, updatedAt },
        });
        return;
      }
      case PlanPriceMoveWaiting.type: {
        const d = PlanPriceMoveWaiting.schema.parse(event.data);
        await tx.planPriceMove.updateMany({
          where: { subscriptionId: d.subscriptionId },
          data: { due: false, scheduledFor: null, waitingUntil: new Date(d.periodEnd), updatedAt },
        });
        return;
      }
      case PlanPriceMoveRenewalSeen.type: {
        const d = PlanPriceMoveRenewalSeen.schema.parse(event.data);
        await tx.planPriceMove.updateMany({
          where: { subscriptionId: d.subscriptionId },
          data: { due: true, updatedAt },
        });
        return;
      }
      default: {
        // Moved or dropped: nothing left to do for this subscriber.
        const { subscriptionId } = (
          event.type === PlanPriceMoved.type ? PlanPriceMoved : PlanPriceMoveDropped
        ).schema.parse(event.data);
        await tx.planPriceMove.deleteMany({ where: { subscriptionId } });
      }
    }
  },
  async reset({ tx }) {
    await tx.planPriceMove.deleteMany();
  },
};
