import { createSweep, type Sweep } from '@mia/service-kit';
import type { Billing } from '../../billing.js';
import { movePlanPrice } from './move-plan-price.js';

/** How often the provider is brought in line with pending moves (a notice or renewal sets one due). */
export const PRICE_MOVE_SWEEP_MS = 60_000;
const BATCH = 50;

/** Checks every due move with the provider (sweep answers how many; 0: another replica acts). */
export type PriceMoveSweep = Sweep;

/**
 * Applies pending plan price moves at the provider, outside any transaction: reactions only
 * record that a move is due (plan_price_moves.due), since a reaction's transaction holds its
 * inbox row. One replica sweeps at a time (an advisory lock); a failed check stays due and is
 * tried again at the next sweep.
 */
export function createPriceMoveSweep(billing: Billing): PriceMoveSweep {
  return createSweep({
    name: 'plan-price-moves',
    schema: billing.schema,
    pool: billing.pool,
    logger: billing.logger,
    intervalMs: PRICE_MOVE_SWEEP_MS,
    due: () =>
      billing.db.planPriceMove.findMany({
        where: { due: true },
        orderBy: { updatedAt: 'asc' },
        take: BATCH,
      }),
    handle: async (move) => {
      await movePlanPrice(billing, move.subscriptionId);
      return true;
    },
    describe: (move) => ({ subscriptionId: move.subscriptionId }),
  });
}
