import { qualified } from '../db/identifiers.js';
import type { Sql } from '../db/sql.js';

/**
 * Records that `consumer` has seen `streamId` at `version`, unless it has already seen that
 * version or a newer one. Returns 'newer' when the position moved, 'stale' for a late or
 * repeated event. The upsert locks the row, so two replicas handling events of one stream
 * at once are serialised and exactly one of them sees each version as newer.
 */
export async function advanceStreamPosition(
  sql: Sql,
  schema: string,
  consumer: string,
  streamId: string,
  version: number,
): Promise<'newer' | 'stale'> {
  const table = qualified(schema, 'stream_positions');
  const rows = await sql.query(
    `INSERT INTO ${table} (consumer, stream_id, version) VALUES ($1, $2, $3::int)
     ON CONFLICT (consumer, stream_id) DO UPDATE
       SET version = EXCLUDED.version, updated_at = now()
       WHERE ${table}.version < EXCLUDED.version
     RETURNING version`,
    [consumer, streamId, version],
  );
  return rows.length > 0 ? 'newer' : 'stale';
}

/** Forgets a consumer's positions (before it re-reads its streams from the start). */
export async function resetStreamPositions(sql: Sql, schema: string, consumer: string) {
  await sql.query(`DELETE FROM ${qualified(schema, 'stream_positions')} WHERE consumer = $1`, [
    consumer,
  ]);
}
