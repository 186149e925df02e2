import { isUniqueViolation } from '../db/errors.js';
import type { Sql } from '../db/sql.js';
import { toNumber } from '../db/values.js';
import { appendLockKey, SHARED_APPEND_LOCK } from './append-lock.js';
import {
  ConcurrencyError,
  type EventMetadata,
  type ExpectedVersion,
  type StoredEvent,
} from './types.js';

export interface RowToAppend {
  id: string;
  type: string;
  version: number;
  /** The validated payload as JSON text. */
  json: string;
  occurredAt: string;
}

const STREAM_VERSION_CONSTRAINT = 'events_stream_version_key';

/**
 * The whole append in one statement (one round trip, so it can also run as its own
 * transaction): takes the shared append lock and this transaction's id, reads the stream's
 * head, and inserts the events after it only if the head is the expected version and was not
 * written by a transaction newer than this one (ADR 0014). Returns the head and the rows, none
 * when a check failed.
 */
const statement = (table: string, optimistic: boolean) => `
  WITH me AS MATERIALIZED (
    SELECT pg_current_xact_id() AS tx, ${SHARED_APPEND_LOCK('$2')} AS locked${
      optimistic ? ', pg_advisory_xact_lock(hashtext($10))::text AS stream_locked' : ''
    }
  ), head AS MATERIALIZED (
    SELECT coalesce(last.version, 0) AS version,
           coalesce(last.transaction_id > me.tx, false) AS overtaken
    FROM me LEFT JOIN LATERAL (
      SELECT version, transaction_id FROM ${table}
      WHERE stream_id = $1 ORDER BY version DESC LIMIT 1) last ON true
  ), inserted AS (
    INSERT INTO ${table} (stream_id, version, id, type, event_version, data, metadata, occurred_at)
    SELECT $1, head.version + e.ord, e.id, e.type, e.event_version, e.data, $9::jsonb, e.occurred_at
    FROM head, unnest($4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::timestamptz[])
      WITH ORDINALITY AS e(id, type, event_version, data, occurred_at, ord)
    WHERE NOT head.overtaken AND ($3::int IS NULL OR head.version = $3::int)
    ORDER BY e.ord
    RETURNING global_position, transaction_id::text AS transaction_id, version, id::text AS id
  )
  SELECT head.version AS head_version, head.overtaken, inserted.*
  FROM head LEFT JOIN inserted ON true`;

interface Row {
  head_version: unknown;
  overtaken: boolean;
  global_position: unknown;
  transaction_id: string | null;
  version: unknown;
  id: string | null;
}

/**
 * Appends `events` to `streamId` in one statement on `sql` (two with `'any'`, which must then be
 * inside a transaction, unless `optimistic`: see AppendOptions). Throws ConcurrencyError.
 */
export async function appendRows(
  sql: Sql,
  { table, schema }: { table: string; schema: string },
  streamId: string,
  expected: ExpectedVersion,
  events: readonly RowToAppend[],
  metadata: EventMetadata,
  optimistic = false,
): Promise<StoredEvent[]> {
  const wanted = expected === 'no-stream' ? 0 : expected === 'any' ? null : expected;
  const streamLock = `${appendLockKey(schema)}:${streamId}`;
  // Optimistic: the stream's lock is taken inside the append's statement, after its snapshot, so
  // no statement is spent on it; an append to the stream that commits meanwhile makes the insert
  // collide on (stream_id, version): ConcurrencyError. Every 'any' appender still holds the
  // stream's lock while it inserts, so one that queues on it first (not optimistic) never collides.
  const isOptimistic = expected === 'any' && optimistic;
  if (expected === 'any' && !optimistic) {
    // Whoever appends with 'any' means "after whatever is there": concurrent ones on one stream
    // wait for each other here instead of failing on the same version. A statement of its own,
    // before this transaction takes its id (so its id is newer than theirs) and before the
    // append's statement takes its snapshot (so it sees their events).
    await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))::text AS locked', [streamLock]);
  }
  let rows: Row[];
  try {
    rows = await sql.query<Row>(statement(table, isOptimistic), [
      streamId,
      appendLockKey(schema),
      wanted,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.version),
      events.map((e) => e.json),
      events.map((e) => e.occurredAt),
      JSON.stringify(metadata),
      ...(isOptimistic ? [streamLock] : []),
    ]);
  } catch (err) {
    // Another transaction appended the same version after our read: a concurrency conflict.
    if (isUniqueViolation(err, STREAM_VERSION_CONSTRAINT)) {
      throw new ConcurrencyError(streamId, expected, undefined);
    }
    throw err;
  }
  const first = rows[0];
  if (!first || first.global_position === null || first.global_position === undefined) {
    // Either the head is not the expected version, or this transaction took its id before the
    // one that wrote the head (it wrote something else first): appending would put the events
    // before that one in store order. Either way a retry (with a newer id) decides again.
    throw new ConcurrencyError(streamId, expected, toNumber(first?.head_version ?? 0));
  }
  // Built from what was written rather than read back: the payloads need no second trip.
  const byId = new Map(events.map((e) => [e.id, e]));
  return rows
    .map((row): StoredEvent => {
      const event = byId.get(row.id!)!;
      return {
        id: event.id,
        type: event.type,
        version: event.version,
        streamId,
        streamVersion: toNumber(row.version),
        globalPosition: toNumber(row.global_position),
        transactionId: row.transaction_id!,
        occurredAt: event.occurredAt,
        // As it reads back from jsonb (a Date as its string...), so live equals replay.
        data: JSON.parse(event.json),
        metadata,
      };
    })
    .sort((a, b) => a.globalPosition - b.globalPosition);
}
