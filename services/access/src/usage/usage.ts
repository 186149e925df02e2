import { GptOpenedV1, GptOpenedV2, type GptOpenedV2Data } from '@mia/contracts';
import { eventOf, type EventStore, type NewEvent } from '@mia/service-kit';
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

/** How a GPT identified the user: their código MIA, or a user access token (OAuth). */
export type UseAuth = { kind: 'code' } | { kind: 'oauth'; clientId: string; grantId: string };

/**
 * A use (GptOpened), for the user's usage stream. A GPT's verification is v2 (how the GPT
 * identified the user) followed by its v1 twin, published while consumers declare v1 (billing's
 * dispute evidence), as ADR 0016's refund events are; a dashboard open is v1 alone. So every use
 * has exactly one v1 event, old or new: the projections count v1 and pass over v2.
 */
export function useEvents(use: Use, auth?: UseAuth): NewEvent[] {
  const { userId, productId, via, at } = use;
  const v1 = { userId, productId, via, at: at.toISOString() };
  const twin = { type: GptOpenedV1.type, version: GptOpenedV1.version, data: v1 };
  if (!auth) return [twin];
  const v2: GptOpenedV2Data =
    auth.kind === 'oauth'
      ? { ...v1, auth: 'oauth', clientId: auth.clientId, grantId: auth.grantId }
      : { ...v1, auth: 'code' };
  return [{ type: GptOpenedV2.type, version: GptOpenedV2.version, data: v2 }, twin];
}

/** Whether a stored GptOpened is the one a use is counted by (see useEvents). */
export const countedUse = (event: { version: number }): boolean =>
  event.version === GptOpenedV1.version;

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
    await session.append(usageStreamId(userId), 'any', useEvents(use));
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
