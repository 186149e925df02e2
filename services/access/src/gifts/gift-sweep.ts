import type { Access } from '../access.js';
import { decideWithLink } from './gift-links.js';
import { giftTransaction } from './gift-transaction.js';

const BATCH = 100;

export interface GiftSweep {
  /** Mails the gifts whose `sendAt` has come; answers how many (0 when another replica acts). */
  sweep(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The recipient's mail on `sendAt`: a sweep every GIFT_SWEEP_MS, as billing's trial reminders.
 * One replica acts at a time (a PostgreSQL advisory lock); each gift's GiftLinkSent commits with
 * its queued mail, so each gift is mailed once; the kit's mail worker sends it after commit.
 */
export function createGiftSweep(
  access: Pick<
    Access,
    'commands' | 'config' | 'schema' | 'catalog' | 'events' | 'db' | 'clock' | 'logger' | 'pool'
  >,
): GiftSweep {
  const lockName = `${access.schema}.gift-mails`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const mail = (giftId: string) =>
    giftTransaction(access, async (session) => {
      const { decided } = await decideWithLink(access, session, giftId, (tokenHash) => ({
        kind: 'send-scheduled',
        tokenHash,
      }));
      return decided.length > 0;
    });

  async function sweepOnce(): Promise<number> {
    const client = await access.pool.connect();
    try {
      const [row] = (
        await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
          [lockName],
        )
      ).rows;
      if (!row?.locked) return 0;
      try {
        const due = await access.db.gift.findMany({
          where: { status: 'scheduled', sendAt: { lte: access.clock() } },
          orderBy: { sendAt: 'asc' },
          take: BATCH,
          select: { giftId: true },
        });
        let sent = 0;
        for (const { giftId } of due) {
          try {
            if (await mail(giftId)) sent += 1;
          } catch (err) {
            access.logger.warn({ err, giftId }, 'gift mail not queued; retried');
          }
        }
        return sent;
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
        sweep().catch((err: unknown) => access.logger.error({ err }, 'gift sweep failed'));
      }, access.config.GIFT_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
