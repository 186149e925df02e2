import { GptOpenedV1 } from '@mia/contracts';
import { eventOf, type EventStore } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { AccessReason } from '../entitlements/grants.js';
import { GptAccessDenied, usageStreamId } from './usage-events.js';

export type UseVia = 'dashboard' | 'gpt_action' | 'mcp';

export interface Use {
  userId: string;
  productId: string;
  via: UseVia;
  at: Date;
}

export interface Denial extends Use {
  reason: Exclude<AccessReason, 'granted'>;
}

/** A use (GptOpened), for the user's usage stream. */
export const useEvent = ({ userId, productId, via, at }: Use) => ({
  type: GptOpenedV1.type,
  data: { userId, productId, via, at: at.toISOString() },
});

/** A refusal (GptAccessDenied), for the user's usage stream. */
export const denialEvent = (denial: Denial) =>
  eventOf(GptAccessDenied, { ...denial, at: denial.at.toISOString() });

/**
 * Records one use (GptOpened) and answers the tool's new total for the user, read in the same
 * transaction, so 50 uses at once answer 1..50 and count 50.
 */
export async function recordUse(events: EventStore<AccessTx>, use: Use): Promise<number> {
  const { userId, productId } = use;
  return events.transaction(async (session) => {
    await session.append(usageStreamId(userId), 'any', [useEvent(use)]);
    const [row] = await session.sql.query<{ queries_used: number }>(
      'SELECT queries_used FROM usage_counts WHERE user_id = $1::uuid AND product_id = $2',
      [userId, productId],
    );
    return Number(row?.queries_used ?? 0);
  });
}

export interface UsageEntry {
  productId: string;
  queriesUsed: number;
  lastAccessed: string;
}

/** A user's use of each tool, most recent first. */
export async function readUsage(db: PrismaClient, userId: string): Promise<UsageEntry[]> {
  const rows = await db.usageCount.findMany({
    where: { userId },
    orderBy: { lastAccessed: 'desc' },
  });
  return rows.map((r) => ({
    productId: r.productId,
    queriesUsed: r.queriesUsed,
    lastAccessed: r.lastAccessed.toISOString(),
  }));
}
