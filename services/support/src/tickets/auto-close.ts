import { isDomainError, type Clock, type CommandHandler, type Logger } from '@mia/service-kit';
import type pg from 'pg';
import type { SupportConfig } from '../config.js';
import type { SupportDb, SupportTx } from '../db.js';
import { ticketDecider } from './ticket-decider.js';
import { ticketStreamId } from './ticket-events.js';
import { AUTO_CLOSE_AFTER_MS } from './ticket-transitions.js';

/** Key of the session-level advisory lock that lets one replica sweep at a time. */
export const AUTO_CLOSE_LOCK = 'support.ticket-auto-close';

export interface SweepResult {
  /** Another replica holds the lock and is sweeping. */
  skipped: boolean;
  closed: string[];
}

export interface AutoCloseSweeper {
  sweepOnce(): Promise<SweepResult>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Closes resolved tickets after 7 days without a reply, once. Every replica runs the timer; the
 * advisory lock lets one of them act, and the decider refuses a ticket that got a reply (or was
 * closed) since the candidates were read.
 */
export function createAutoCloseSweeper(
  support: {
    config: Pick<SupportConfig, 'TICKET_SWEEP_INTERVAL_MS'>;
    logger: Logger;
    clock: Clock;
    db: SupportDb;
    commands: CommandHandler<SupportTx>;
  },
  pool: pg.Pool,
): AutoCloseSweeper {
  const { logger, clock } = support;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function sweepOnce(): Promise<SweepResult> {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [AUTO_CLOSE_LOCK],
      );
      if (!rows[0]?.locked) return { skipped: true, closed: [] };
      try {
        const due = new Date(clock().getTime() - AUTO_CLOSE_AFTER_MS);
        const candidates = await support.db.ticket.findMany({
          where: {
            status: 'resolved',
            resolvedAt: { lte: due },
            OR: [{ lastPublicMessageAt: null }, { lastPublicMessageAt: { lte: due } }],
          },
          select: { id: true },
          take: 500,
        });
        const closed: string[] = [];
        for (const { id } of candidates) {
          try {
            const result = await support.commands.handle(ticketStreamId(id), ticketDecider, {
              kind: 'auto-close',
            });
            if (result.decided.length > 0) closed.push(id);
          } catch (err) {
            if (!isDomainError(err)) throw err;
            logger.debug({ ticketId: id, code: err.code }, 'ticket not closed by the sweep');
          }
        }
        if (closed.length > 0) logger.info({ closed: closed.length }, 'resolved tickets closed');
        return { skipped: false, closed };
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [AUTO_CLOSE_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  return {
    sweepOnce,
    start() {
      timer ??= setInterval(() => {
        running ??= sweepOnce()
          .catch((err: unknown) => logger.error({ err }, 'ticket auto-close sweep failed'))
          .finally(() => (running = undefined));
      }, support.config.TICKET_SWEEP_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
