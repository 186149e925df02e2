import { randomUUID } from 'node:crypto';
import type { EventDefinition } from '@mia/contracts';
import { contextOrNew } from '../context.js';
import { qualified } from '../db/identifiers.js';
import type { Sql, TransactionRunner, TxContext } from '../db/sql.js';
import { eventsChannel } from './append-lock.js';
import { appendRows, type RowToAppend } from './append-statement.js';
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
import { CommitNotifier } from './wakeup.js';
import { currentTraceparent } from '../tracing/propagation.js';
import { withSpan } from '../tracing/spans.js';
import { applyProjections, type Projection } from './projection.js';
import {
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
  /**
   * With `'any'`: the stream's lock is taken by the append's own statement (one round trip
   * less) instead of before it, so an append to the stream that commits meanwhile makes this
   * one throw ConcurrencyError. The caller then runs its transaction again without this option
   * (that one queues and never collides). For streams whose appends rarely meet, on a hot path
   * (one user's uses).
   */
  optimistic?: boolean;
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

export function createEventStore<Tx>({
  runner,
  schema,
  projections = [],
  definitions,
  clock = () => new Date(),
}: EventStoreOptions<Tx>): EventStore<Tx> {
  const table = qualified(schema, 'events');
  const lookup = definitionLookup(definitions);
  const notifier = new CommitNotifier(async () => {
    await runner.sql.query("SELECT pg_notify($1, '')::text AS notified", [eventsChannel(schema)]);
  });

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

  const metadataOf = (options: AppendOptions | undefined): EventMetadata => {
    const context = contextOrNew();
    const metadata: EventMetadata = {
      correlationId: options?.metadata?.correlationId ?? context.correlationId,
      causationId:
        options?.metadata?.causationId !== undefined
          ? options.metadata.causationId
          : context.causationId,
      requestId: options?.metadata?.requestId ?? context.requestId,
    };
    // Called inside the append's span: the relay's publish and the reactions hang under it.
    const traceparent = currentTraceparent();
    if (traceparent) metadata.traceparent = traceparent;
    return metadata;
  };

  const toRows = (events: readonly NewEvent[]): RowToAppend[] =>
    events.map((event) => {
      const data = validated(event);
      return {
        id: event.id ?? randomUUID(),
        type: event.type,
        version: event.version ?? 1,
        json: JSON.stringify(data),
        occurredAt: (event.occurredAt ?? clock()).toISOString(),
      };
    });

  /** The one statement that writes events, as the `eventstore.append` span. */
  const appendTraced = (
    sql: Sql,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    options: AppendOptions | undefined,
  ) =>
    withSpan(
      'eventstore.append',
      {
        attributes: {
          'mia.schema': schema,
          'mia.stream_id': streamId,
          'mia.event_types': events.map((e) => e.type),
        },
      },
      () =>
        appendRows(
          sql,
          { table, schema },
          streamId,
          expected,
          toRows(events),
          metadataOf(options),
          options?.optimistic === true,
        ),
    );

  const projected = (events: readonly NewEvent[]) =>
    events.some((event) => projections.some((p) => p.handles.includes(event.type)));

  const validated = (event: NewEvent): unknown => {
    const version = event.version ?? 1;
    const definition = lookup.find(event.type, version);
    // Integration events must match their contract; domain-only events are the service's business.
    return definition ? definition.schema.parse(event.data) : event.data;
  };

  /**
   * `notifyInside`: NOTIFY in the appending transaction. A transaction that notifies holds one
   * lock per database from its commit until the commit is flushed, which would line every
   * append up again behind one another (the global lock this store got rid of). So the store's
   * own transactions notify after commit, coalesced (see CommitNotifier); only a transaction
   * the store does not commit itself (`within`) notifies inside.
   */
  function session(
    ctx: TxContext<Tx>,
    onAppended: (events: StoredEvent[]) => void,
    notifyInside: boolean,
  ) {
    let notified = false;
    const append: EventStoreSession<Tx>['append'] = async (streamId, expected, events, options) => {
      if (events.length === 0) return [];
      const stored = await appendTraced(ctx.sql, streamId, expected, events, options);
      await applyProjections(projections, stored, ctx);
      if (!notified && notifyInside) {
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
      fn(session(ctx, (events) => appended.push(...events), false)),
    );
    if (appended.length > 0) notifier.committed();
    count(appended);
    return result;
  };

  return {
    schema,
    sql: runner.sql,
    clock,
    transaction,
    within: (ctx) => session(ctx, count, true),
    async append(streamId, expected, events, options) {
      if (events.length === 0) return [];
      if (projected(events) || expected === 'any') {
        return transaction((s) => s.append(streamId, expected, events, options));
      }
      // Nothing else to write with the events and no stream lock to hold ('any'): the one
      // statement is the whole transaction.
      const stored = await appendTraced(runner.sql, streamId, expected, events, options);
      notifier.committed();
      count(stored);
      return stored;
    },
    readStream: (streamId, options) => readStream(runner.sql, streamId, options),
    readAll: (after, limit) => readAll(runner.sql, after, limit),
  };
}
