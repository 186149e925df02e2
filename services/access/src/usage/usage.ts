import { GptOpenedV1 } from '@mia/contracts';
import { eventOf, type EventStore } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { AccessReason } from '../entitlements/grants.js';
import { GptAccessDenied, usageStreamId } from './usage-events.js';

export type UseVia = 'dashboard' | 'gpt_action' | 'mcp';

/**
 * Records one use (GptOpened) and answers the tool's new total for the user, read in the same
 * transaction, so 50 uses at once answer 1..50 and count 50.
 */
export async function recordUse(
  events: EventStore<AccessTx>,
  use: { userId: string; productId: string; via: UseVia; at: Date },
): Promise<number> {
  const { userId, productId, via, at } = use;
  return events.transaction(async (session) => {
    await session.append(usageStreamId(userId), 'any', [
      {
        type: GptOpenedV1.type,
        data: { userId, productId, via, at: at.toISOString() },
      },
    ]);
    const [row] = await session.sql.query<{ queries_used: number }>(
      'SELECT queries_used FROM usage_counts WHERE user_id = $1::uuid AND product_id = $2',
      [userId, productId],
    );
    return Number(row?.queries_used ?? 0);
  });
}

/** Records that a GPT asked for a user's access and was refused. */
export async function recordDenied(
  events: EventStore<AccessTx>,
  denial: {
    userId: string;
    productId: string;
    via: UseVia;
    reason: Exclude<AccessReason, 'granted'>;
    at: Date;
  },
): Promise<void> {
  const event = eventOf(GptAccessDenied, { ...denial, at: denial.at.toISOString() });
  await events.append(usageStreamId(denial.userId), 'any', [event]);
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
