import { GptOpenedV1 } from '@mia/contracts';
import type { Projection, Sql, StoredEvent } from '@mia/service-kit';
import { GptAccessDenied } from '../usage/usage-events.js';
import { countedUse } from '../usage/usage.js';

const HOUR_MS = 60 * 60 * 1000;

/** The start of the clock hour `at` falls in: the usage alert's window. */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** Verifications through the GPT API (not the dashboard's opens) count towards the alert. */
const COUNTED_VIA = new Set(['gpt_action', 'mcp']);

/**
 * One user's latest hour: a later hour starts again at `verifications`, the same hour adds
 * them, an earlier one (a use stamped just before the hour turned, committed after) changes
 * nothing. Adding a batch's count of its latest hour is the same as applying its events one by
 * one in any order, so replay and live agree.
 */
const UPSERT = `
  INSERT INTO usage_alert_counts AS c (user_id, hour_start, verifications)
  SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[])
  ON CONFLICT (user_id) DO UPDATE SET
    verifications = CASE
      WHEN excluded.hour_start > c.hour_start THEN excluded.verifications
      WHEN excluded.hour_start = c.hour_start THEN c.verifications + excluded.verifications
      ELSE c.verifications END,
    hour_start = greatest(c.hour_start, excluded.hour_start)
  RETURNING user_id::text AS user_id, (extract(epoch FROM hour_start) * 1000)::float8 AS hour_ms,
            verifications`;

interface Counted {
  user_id: string;
  hour_ms: number;
  verifications: number;
}

/**
 * The rows each transaction's upsert left, by the transaction's executor: the row stays locked
 * by that transaction until it ends, so what the upsert returned is what a read in the same
 * transaction would see. The verification's alert check reads it from here instead of asking
 * PostgreSQL again (one round trip less on the GPT API's hot path).
 */
const countedIn = new WeakMap<Sql, Map<string, Counted>>();

interface Latest {
  hour: number;
  verifications: number;
}

/** Per user: the latest hour among `events` that count, and how many of them fall in it. */
export function latestHours(events: readonly StoredEvent[]): Map<string, Latest> {
  const latest = new Map<string, Latest>();
  for (const event of events) {
    if (event.type === GptOpenedV1.type && !countedUse(event)) continue;
    const data =
      event.type === GptOpenedV1.type
        ? GptOpenedV1.schema.parse(event.data)
        : GptAccessDenied.schema.parse(event.data);
    if (!COUNTED_VIA.has(data.via)) continue;
    const hour = hourOf(new Date(data.at)).getTime();
    const held = latest.get(data.userId);
    if (!held || hour > held.hour) latest.set(data.userId, { hour, verifications: 1 });
    else if (hour === held.hour) held.verifications++;
  }
  return latest;
}

/**
 * The `usage_alert_counts` table: each user's verifications in their latest hour. Written in
 * the verification's own append transaction; the row is the user's own, so concurrent
 * verifications of one user queue on it (and each reads a distinct count), while different
 * users never wait for each other.
 */
export const usageAlertCountsProjection: Projection<unknown> = {
  name: 'usage-alert-counts',
  handles: [GptOpenedV1.type, GptAccessDenied.type],
  async apply(event, ctx) {
    await usageAlertCountsProjection.applyBatch!([event], ctx);
  },
  async applyBatch(events, { sql }) {
    const latest = [...latestHours(events)];
    if (latest.length === 0) return;
    const rows = await sql.query<Counted>(UPSERT, [
      latest.map(([userId]) => userId),
      latest.map(([, l]) => new Date(l.hour).toISOString()),
      latest.map(([, l]) => l.verifications),
    ]);
    const counted = countedIn.get(sql) ?? new Map<string, Counted>();
    for (const row of rows) counted.set(row.user_id, row);
    countedIn.set(sql, counted);
  },
  // Plain SQL only, so the verification's plain pg transaction applies it too (verification-store.ts).
  async reset({ sql }) {
    await sql.query('DELETE FROM usage_alert_counts');
  },
};

/** The user's verifications in the hour of `at` so far (this transaction's included). */
export async function verificationsInHour(sql: Sql, userId: string, at: Date): Promise<number> {
  const counted = countedIn.get(sql)?.get(userId);
  if (counted) {
    return Number(counted.hour_ms) === hourOf(at).getTime() ? Number(counted.verifications) : 0;
  }
  const [row] = await sql.query<{ verifications: number }>(
    'SELECT verifications FROM usage_alert_counts WHERE user_id = $1::uuid AND hour_start = $2',
    [userId, hourOf(at).toISOString()],
  );
  return Number(row?.verifications ?? 0);
}
