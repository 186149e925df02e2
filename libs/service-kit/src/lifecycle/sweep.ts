import type pg from 'pg';
import type { Logger } from '../logger.js';

/** A periodic job over what has come due: trial reminders, gift mails, plan price moves. */
export interface Sweep {
  /** Handles what is due now; answers how many it handled (0 when another replica acts). */
  sweep(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface SweepOptions<T> {
  /** For the logs, and the advisory lock's name with `schema`. */
  name: string;
  schema: string;
  pool: pg.Pool;
  logger: Logger;
  intervalMs: number;
  /** What is due now (a bounded batch: the next run takes the rest). */
  due(): Promise<readonly T[]>;
  /** Handles one item in its own transaction; true when it did something. */
  handle(item: T): Promise<boolean>;
  /** The item's ids for the log line when handling it failed (it stays due). */
  describe(item: T): Record<string, unknown>;
}

/**
 * One replica sweeps at a time (a PostgreSQL session advisory lock, tried, never waited for);
 * each item is handled apart, so one failure leaves the rest done and is tried again at the next
 * run. Calls made while a run is under way share it.
 */
export function createSweep<T>(options: SweepOptions<T>): Sweep {
  const { name, pool, logger } = options;
  const lockName = `${options.schema}.${name}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function sweepOnce(): Promise<number> {
    const client = await pool.connect();
    try {
      const [row] = (
        await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
          [lockName],
        )
      ).rows;
      if (!row?.locked) return 0;
      try {
        let done = 0;
        for (const item of await options.due()) {
          try {
            if (await options.handle(item)) done += 1;
          } catch (err) {
            logger.warn(
              { err, sweep: name, ...options.describe(item) },
              'sweep item failed; retried',
            );
          }
        }
        return done;
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
        sweep().catch((err: unknown) => logger.error({ err, sweep: name }, 'sweep failed'));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
