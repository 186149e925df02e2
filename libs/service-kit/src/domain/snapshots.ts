import { qualified } from '../db/identifiers.js';
import type { Sql } from '../db/sql.js';
import { toNumber } from '../db/values.js';

export interface Snapshot<S> {
  streamVersion: number;
  state: S;
}

/**
 * Snapshots are a cache of folded state, never a source of truth: a row whose decider version
 * differs is ignored, and deleting them all only costs a longer fold on the next command.
 */
export async function readSnapshot<S>(
  sql: Sql,
  schema: string,
  streamId: string,
  decider: string,
  version: number,
): Promise<Snapshot<S> | undefined> {
  const [row] = await sql.query<{ stream_version: unknown; state: S }>(
    `SELECT stream_version, state FROM ${qualified(schema, 'snapshots')}
     WHERE stream_id = $1 AND decider = $2 AND decider_version = $3::int`,
    [streamId, decider, version],
  );
  return row ? { streamVersion: toNumber(row.stream_version), state: row.state } : undefined;
}

export async function writeSnapshot(
  sql: Sql,
  schema: string,
  streamId: string,
  decider: string,
  version: number,
  snapshot: Snapshot<unknown>,
): Promise<void> {
  await sql.query(
    `INSERT INTO ${qualified(schema, 'snapshots')}
       (stream_id, decider, decider_version, stream_version, state)
     VALUES ($1, $2, $3::int, $4::int, $5::jsonb)
     ON CONFLICT (stream_id, decider) DO UPDATE
       SET decider_version = EXCLUDED.decider_version,
           stream_version = EXCLUDED.stream_version,
           state = EXCLUDED.state,
           taken_at = now()
     WHERE ${qualified(schema, 'snapshots')}.stream_version < EXCLUDED.stream_version
        OR ${qualified(schema, 'snapshots')}.decider_version <> EXCLUDED.decider_version`,
    [streamId, decider, version, snapshot.streamVersion, JSON.stringify(snapshot.state)],
  );
}
