import type { Billing } from '../../billing.js';
import { movePlanPrice } from './move-plan-price.js';

/** How often the provider is brought in line with pending moves (a notice or renewal sets one due). */
export const PRICE_MOVE_SWEEP_MS = 60_000;
const BATCH = 50;

export interface PriceMoveSweep {
  /** Checks every due move with the provider; answers how many it checked (0: another replica acts). */
  sweep(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Applies pending plan price moves at the provider, outside any transaction: reactions only
 * record that a move is due (plan_price_moves.due), since a reaction's transaction holds its
 * inbox row. One replica sweeps at a time (an advisory lock); a failed check stays due and is
 * tried again at the next sweep.
 */
export function createPriceMoveSweep(billing: Billing): PriceMoveSweep {
  const lockName = `${billing.schema}.plan-price-moves`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function sweepOnce(): Promise<number> {
    const client = await billing.pool.connect();
    try {
      const [row] = (
        await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
          [lockName],
        )
      ).rows;
      if (!row?.locked) return 0;
      try {
        const due = await billing.db.planPriceMove.findMany({
          where: { due: true },
          orderBy: { updatedAt: 'asc' },
          take: BATCH,
        });
        let checked = 0;
        for (const move of due) {
          try {
            await movePlanPrice(billing, move.subscriptionId);
            checked += 1;
          } catch (err) {
            billing.logger.warn(
              { err, subscriptionId: move.subscriptionId },
              'plan price move not checked; retried',
            );
          }
        }
        return checked;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]);
      }
    } finally {
      client.release();
    }
  }

  const sweep = () => {
    running ??= sweepOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    sweep,
    start() {
      timer ??= setInterval(() => {
        sweep().catch((err: unknown) =>
          billing.logger.error({ err }, 'plan price move sweep failed'),
        );
      }, PRICE_MOVE_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
