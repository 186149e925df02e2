import { fromJson, toIsoString, toNumber } from '../db/values.js';
import type { EventMetadata, StoreCursor, StoredEvent } from './types.js';

/** Columns selected wherever events are read, in the shape `toStoredEvent` expects. */
export const EVENT_COLUMNS =
  'global_position, transaction_id::text AS transaction_id, stream_id, version, id::text AS id, type, event_version, data, metadata, occurred_at';

export interface EventRow {
  global_position: unknown;
  transaction_id: unknown;
  stream_id: string;
  version: unknown;
  id: string;
  type: string;
  event_version: unknown;
  data: unknown;
  metadata: unknown;
  occurred_at: unknown;
}

/** The cursor before the first event of any store. */
export const START: StoreCursor = { transactionId: '0', globalPosition: 0 };

/**
 * Events after `$1, $2` (transaction id, global position) in commit order, `$3` at most, that no
 * running transaction can still precede. Transaction ids are taken at a transaction's first
 * write, not at commit, so a later id may commit first; but every transaction with an id below
 * the oldest one still running has ended, and no event below that bound can appear after this
 * read. A cursor that only ever moves through such events therefore never passes one that is
 * still to commit. `table` must be a qualified name.
 */
export const committedAfterQuery = (table: string): string =>
  `SELECT ${EVENT_COLUMNS} FROM ${table}
   WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
     AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
   ORDER BY transaction_id, global_position LIMIT $3::int`;

export const cursorParams = (cursor: StoreCursor, limit: number): unknown[] => [
  cursor.transactionId,
  cursor.globalPosition,
  limit,
];

/** The cursor just past `event`. */
export const cursorOf = ({ transactionId, globalPosition }: StoreCursor): StoreCursor => ({
  transactionId,
  globalPosition,
});

/** Store order: by transaction id, then by global position (the order within a transaction). */
export function compareCursors(a: StoreCursor, b: StoreCursor): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.globalPosition - b.globalPosition;
}

export function toStoredEvent(row: EventRow): StoredEvent {
  const metadata = (fromJson(row.metadata) ?? {}) as Partial<EventMetadata>;
  return {
    id: row.id,
    type: row.type,
    version: toNumber(row.event_version),
    streamId: row.stream_id,
    streamVersion: toNumber(row.version),
    globalPosition: toNumber(row.global_position),
    transactionId: String(row.transaction_id),
    occurredAt: toIsoString(row.occurred_at),
    data: fromJson(row.data),
    metadata: {
      correlationId: metadata.correlationId ?? row.id,
      causationId: metadata.causationId ?? null,
      requestId: metadata.requestId ?? metadata.correlationId ?? row.id,
      ...(metadata.traceparent ? { traceparent: metadata.traceparent } : {}),
    },
  };
}
