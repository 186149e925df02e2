import { fromJson, toIsoString, toNumber } from '../db/values.js';
import type { EventMetadata, StoredEvent } from './types.js';

/** Columns selected wherever events are read, in the shape `toStoredEvent` expects. */
export const EVENT_COLUMNS =
  'global_position, stream_id, version, id::text AS id, type, event_version, data, metadata, occurred_at';

export interface EventRow {
  global_position: unknown;
  stream_id: string;
  version: unknown;
  id: string;
  type: string;
  event_version: unknown;
  data: unknown;
  metadata: unknown;
  occurred_at: unknown;
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
    occurredAt: toIsoString(row.occurred_at),
    data: fromJson(row.data),
    metadata: {
      correlationId: metadata.correlationId ?? row.id,
      causationId: metadata.causationId ?? null,
      requestId: metadata.requestId ?? metadata.correlationId ?? row.id,
    },
  };
}
