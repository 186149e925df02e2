import { randomUUID } from 'node:crypto';
import type { EventDefinition } from '@mia/contracts';
import { contextOrNew } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import { qualified } from '../db/identifiers.js';
import type { Sql, TransactionRunner, TxContext } from '../db/sql.js';
import { toNumber } from '../db/values.js';
import { appendLockKey, eventsChannel, SHARED_APPEND_LOCK } from './append-lock.js';
import { definitionLookup } from './definitions.js';
import {
  committedAfterQuery,
  cursorParams,
  EVENT_COLUMNS,
  START,
  toStoredEvent,
  type EventRow,
} from './event-rows.js';
import { eventMetrics } from './metrics.js';
import { applyProjections, type Projection } from './projection.js';
import {
  ConcurrencyError,
  type EventMetadata,
  type ExpectedVersion,
  type NewEvent,
  type StoreCursor,
  type StoredEvent,
} from './types.js';

export interface EventStoreOptions<Tx> {
  runner: TransactionRunner<Tx>;
  /** The service's schema; kit tables are addressed as `"<schema>".events` etc. */
  schema: string;
  /** Applied in the same transaction as each append. */
  projections?: readonly Projection<Tx>[];
  /** Events whose data is validated on append; defaults to the contracts registry. */
  definitions?: readonly EventDefinition[];
  clock?: () => Date;
}

export interface AppendOptions {
  /** Overrides the ids taken from the current RequestContext. */
  metadata?: Partial<EventMetadata>;
}

export interface ReadStreamOptions {
  /** Only events with streamVersion > this. */
  afterVersion?: number;
}

/** The event store bound to one open transaction: read, decide, append, commit together. */
export interface EventStoreSession<Tx> extends TxContext<Tx> {
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /** Appends, applies projections and wakes the relay on commit. Throws ConcurrencyError. */
  append(
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<StoredEvent[]>;
}

export interface EventStore<Tx> {
  readonly schema: string;
  /** Executor outside any transaction, for reads. */
  readonly sql: Sql;
  /** The clock that stamps `occurredAt` (the service's one clock). */
  readonly clock: () => Date;
  /** Runs `fn` in a new transaction (the unit of work). */
  transaction<T>(fn: (session: EventStoreSession<Tx>) => Promise<T>): Promise<T>;
  /** Uses a transaction opened elsewhere, e.g. a consumer handler's (inbox + effect together). */
  within(ctx: TxContext<Tx>): EventStoreSession<Tx>;
  append(
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<StoredEvent[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /**
   * Events after `after` (exclusive; a StoredEvent is a cursor) in store order, only those no
   * running transaction can still precede: pass the last event read to read on (ADR 0014).
   */
  readAll(after?: StoreCursor, limit?: number): Promise<StoredEvent[]>;
}

const STREAM_VERSION_CONSTRAINT = 'events_stream_version_key';

export function createEventStore<Tx>({
  runner,
  schema,
  projections = [],
  definitions,
  clock = () => new Date(),
}: EventStoreOptions<Tx>): EventStore<Tx> {
  const table = qualified(schema, 'events');
  const lookup = definitionLookup(definitions);

  const readStream = async (sql: Sql, streamId: string, { afterVersion = 0 } = {}) => {
    const rows = await sql.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${table}
       WHERE stream_id = $1 AND version > $2::int ORDER BY version`,
      [streamId, afterVersion],
    );
    return rows.map(toStoredEvent);
  };

  const readAll = async (sql: Sql, after: StoreCursor = START, limit = 1_000) => {
    const rows = await sql.query<EventRow>(committedAfterQuery(table), cursorParams(after, limit));
    return rows.map(toStoredEvent);
  };

  const validated = (event: NewEvent): unknown => {
    const version = event.version ?? 1;
    const definition = lookup.find(event.type, version);
    // Integration events must match their contract; domain-only events are the service's business.
    return definition ? definition.schema.parse(event.data) : event.data;
  };

  function session(ctx: TxContext<Tx>, onAppended: (events: StoredEvent[]) => void) {
    let notified = false;
    const append: EventStoreSession<Tx>['append'] = async (streamId, expected, events, options) => {
      if (events.length === 0) return [];
      const payloads = events.map(validated);
      // One round trip: the stream's head, this transaction's id and the shared append lock
      // (which only a replay waits on; appends to other streams go on concurrently).
      const [head] = await ctx.sql.query<{ version: unknown; overtaken: boolean }>(
        `SELECT coalesce(head.version, 0) AS version,
                coalesce(head.transaction_id > me.tx, false) AS overtaken
         FROM (SELECT pg_current_xact_id() AS tx, ${SHARED_APPEND_LOCK('$2')} AS locked) me
         LEFT JOIN LATERAL (
           SELECT version, transaction_id FROM ${table}
           WHERE stream_id = $1 ORDER BY version DESC LIMIT 1) head ON true`,
        [streamId, appendLockKey(schema)],
      );
      const actual = toNumber(head?.version ?? 0);
      const wanted = expected === 'no-stream' ? 0 : expected;
      if (wanted !== 'any' && wanted !== actual) {
        throw new ConcurrencyError(streamId, expected, actual);
      }
      // This transaction took its id before the one that wrote the stream's last event (it wrote
      // something else first): appending now would put this event before that one in store
      // order. A retry gets a newer id.
      if (head?.overtaken) throw new ConcurrencyError(streamId, expected, actual);

      const context = contextOrNew();
      const metadata: EventMetadata = {
        correlationId: options?.metadata?.correlationId ?? context.correlationId,
        causationId:
          options?.metadata?.causationId !== undefined
            ? options.metadata.causationId
            : context.causationId,
        requestId: options?.metadata?.requestId ?? context.requestId,
      };
      const params: unknown[] = [];
      const values = events.map((event, i) => {
        const base = params.length;
        params.push(
          streamId,
          actual + i + 1,
          event.id ?? randomUUID(),
          event.type,
          event.version ?? 1,
          JSON.stringify(payloads[i]),
          JSON.stringify(metadata),
          (event.occurredAt ?? clock()).toISOString(),
        );
        const p = (n: number) => `$${base + n}`;
        return `(${p(1)}, ${p(2)}::int, ${p(3)}::uuid, ${p(4)}, ${p(5)}::int, ${p(6)}::jsonb, ${p(7)}::jsonb, ${p(8)}::timestamptz)`;
      });

      let rows: EventRow[];
      try {
        rows = await ctx.sql.query<EventRow>(
          `INSERT INTO ${table}
             (stream_id, version, id, type, event_version, data, metadata, occurred_at)
           VALUES ${values.join(', ')}
           RETURNING ${EVENT_COLUMNS}`,
          params,
        );
      } catch (err) {
        // Another transaction appended the same version after our read: a concurrency conflict.
        if (isUniqueViolation(err, STREAM_VERSION_CONSTRAINT)) {
          throw new ConcurrencyError(streamId, expected, undefined);
        }
        throw err;
      }
      const stored = rows.map(toStoredEvent).sort((a, b) => a.globalPosition - b.globalPosition);
      await applyProjections(projections, stored, ctx);
      if (!notified) {
        // Delivered on commit only; wakes the relay without polling.
        await ctx.sql.query("SELECT pg_notify($1, '')::text AS notified", [eventsChannel(schema)]);
        notified = true;
      }
      onAppended(stored);
      return stored;
    };
    return {
      sql: ctx.sql,
      tx: ctx.tx,
      readStream: (streamId: string, options?: ReadStreamOptions) =>
        readStream(ctx.sql, streamId, options),
      append,
    } satisfies EventStoreSession<Tx>;
  }

  const count = (events: StoredEvent[]) => {
    for (const event of events) eventMetrics.appended.inc({ type: event.type });
  };

  const transaction = async <T>(fn: (s: EventStoreSession<Tx>) => Promise<T>): Promise<T> => {
    const appended: StoredEvent[] = [];
    const result = await runner.transaction((ctx) =>
      fn(session(ctx, (events) => appended.push(...events))),
    );
    count(appended);
    return result;
  };

  return {
    schema,
    sql: runner.sql,
    clock,
    transaction,
    within: (ctx) => session(ctx, count),
    append: (streamId, expected, events, options) =>
      transaction((s) => s.append(streamId, expected, events, options)),
    readStream: (streamId, options) => readStream(runner.sql, streamId, options),
    readAll: (after, limit) => readAll(runner.sql, after, limit),
  };
}
