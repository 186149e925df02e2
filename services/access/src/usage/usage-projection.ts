import { GptOpenedV1 } from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import { countedUse } from './usage.js';

/** Adds `queries_used` to a (user, tool) row and keeps its latest use: one use or many. */
const UPSERT_COUNTS = `
  INSERT INTO usage_counts AS u (user_id, product_id, queries_used, last_accessed)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[])
  ON CONFLICT (user_id, product_id) DO UPDATE SET
    queries_used = u.queries_used + excluded.queries_used,
    last_accessed = greatest(u.last_accessed, excluded.last_accessed)`;

interface Tally {
  userId: string;
  productId: string;
  uses: number;
  last: string;
}

/** The uses in `events` per (user, tool): their number and the latest `at`. */
export function tallyUses(events: readonly { data: unknown; version: number }[]): Tally[] {
  const tallies = new Map<string, Tally>();
  for (const event of events) {
    if (!countedUse(event)) continue;
    const { userId, productId, at } = GptOpenedV1.schema.parse(event.data);
    const key = `${userId} ${productId}`;
    const tally = tallies.get(key);
    if (!tally) tallies.set(key, { userId, productId, uses: 1, last: at });
    else {
      tally.uses++;
      if (Date.parse(at) > Date.parse(tally.last)) tally.last = at;
    }
  }
  return [...tallies.values()];
}

/**
 * The `usage_counts` table: uses per user and tool, and the last one. Written in the append's
 * transaction by an increment and `greatest`, so concurrent appends (ADR 0014) all count and the
 * result does not depend on their order, as replay needs. Replay
 * adds a chunk's uses per (user, tool) in one statement: a store is mostly uses, and one
 * upsert per use is what made a rebuild of a million take minutes.
 */
export const usageProjection: Projection<unknown> = {
  name: 'usage-counts',
  handles: [GptOpenedV1.type],
  async apply(event, ctx) {
    await usageProjection.applyBatch!([event], ctx);
  },
  async applyBatch(events, { sql }) {
    const tallies = tallyUses(events);
    if (tallies.length === 0) return;
    await sql.query(UPSERT_COUNTS, [
      tallies.map((t) => t.userId),
      tallies.map((t) => t.productId),
      tallies.map((t) => t.uses),
      tallies.map((t) => t.last),
    ]);
  },
  // Plain SQL only, so the verification's plain pg transaction applies it too (verification-store.ts).
  async reset({ sql }) {
    await sql.query('DELETE FROM usage_counts');
  },
};
