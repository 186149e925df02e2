import { createSweep, type Sweep } from '@mia/service-kit';
import type { Access } from '../access.js';
import { decideWithLink } from './gift-links.js';
import { giftTransaction } from './gift-transaction.js';

const BATCH = 100;

export type GiftSweep = Sweep;

/**
 * The recipient's mail on `sendAt`: a sweep every GIFT_SWEEP_MS, as billing's trial reminders.
 * One replica acts at a time (the kit's sweep); each gift's GiftLinkSent commits with its queued
 * mail, so each gift is mailed once; the kit's mail worker sends it after commit.
 */
export function createGiftSweep(
  access: Pick<
    Access,
    'commands' | 'config' | 'schema' | 'catalog' | 'events' | 'db' | 'clock' | 'logger' | 'pool'
  >,
): GiftSweep {
  return createSweep({
    name: 'gift-mails',
    schema: access.schema,
    pool: access.pool,
    logger: access.logger,
    intervalMs: access.config.GIFT_SWEEP_MS,
    due: () =>
      access.db.gift.findMany({
        where: { status: 'scheduled', sendAt: { lte: access.clock() } },
        orderBy: { sendAt: 'asc' },
        take: BATCH,
        select: { giftId: true },
      }),
    handle: ({ giftId }) =>
      giftTransaction(access, async (session) => {
        const { decided } = await decideWithLink(access, session, giftId, (tokenHash) => ({
          kind: 'send-scheduled',
          tokenHash,
        }));
        return decided.length > 0;
      }),
    describe: ({ giftId }) => ({ giftId }),
  });
}
