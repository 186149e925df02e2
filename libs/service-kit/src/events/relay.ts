import { eventSubject, type EventDefinition } from '@mia/contracts';
import { jetstream } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { qualified } from '../db/identifiers.js';
import { toNumber } from '../db/values.js';
import type { Logger } from '../logger.js';
import { eventsChannel } from './append-lock.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import { definitionLookup } from './definitions.js';
import { NATS_HEADER_CORRELATION_ID, NATS_HEADER_REQUEST_ID, toEnvelope } from './envelope.js';
import {
  committedAfterQuery,
  cursorOf,
  cursorParams,
  START,
  toStoredEvent,
  type EventRow,
} from './event-rows.js';
import { eventMetrics } from './metrics.js';
import { contextFromTraceparent, injectIntoHeaders } from '../tracing/propagation.js';
import { SpanKind, withSpan } from '../tracing/spans.js';
import type { StoreCursor, StoredEvent } from './types.js';
import { sleep, Wakeup } from './wakeup.js';

export interface RelayOptions {
  /** PostgreSQL URL for the relay's own connection (LISTEN and the leader lock live on it). */
  url: string;
  schema: string;
  nats: NatsConnection;
  /** Subject prefix, e.g. `mia.`. */
  prefix: string;
  logger: Logger;
  /** Row in relay_position, and the leader lock's name. */
  publisher?: string;
  /** Events to publish; anything else in the store is domain-only and skipped. */
  definitions?: readonly EventDefinition[];
  batchSize?: number;
  /** Fallback poll in case a notification is missed (e.g. while reconnecting). */
  pollIntervalMs?: number;
  publishTimeoutMs?: number;
  /** First re-read after finding events held back by a running transaction (doubles). */
  heldBackRetryMs?: number;
  /** The longest wait between those re-reads. */
  heldBackMaxMs?: number;
  /** Delay after failures (NATS or PostgreSQL down). */
  retry?: BackoffOptions;
  /** How often a standby replica tries to become the publisher. */
  standbyRetryMs?: number;
  /** Called after the broker acknowledged an event and before the position is recorded. */
  onPublished?: (event: StoredEvent) => void | Promise<void>;
}

export interface Relay {
  start(): void;
  /** Finishes the batch in flight, records the position, releases the connection. */
  stop(): Promise<void>;
  /** Global position of the last event recorded as published. */
  readonly position: number;
  /** Where publishing resumes: just after the last event recorded as published. */
  readonly cursor: StoreCursor;
  readonly isLeader: boolean;
}

/**
 * Transactional outbox over the event store: publishes integration events to JetStream in
 * store order (transaction id, then global position; only events below the oldest running
 * transaction, so none can commit behind the cursor: ADR 0014) with `Nats-Msg-Id` = event id, and records the position only after the broker's
 * ack. A crash in between re-publishes; the broker's de-duplication window (and consumers'
 * inboxes beyond it) keep that to one effect. One leader per schema, elected by advisory lock.
 */
export function createRelay(options: RelayOptions): Relay {
  const {
    url,
    schema,
    nats,
    prefix,
    logger,
    publisher = 'relay',
    batchSize = 100,
    pollIntervalMs = 1_000,
    publishTimeoutMs = 5_000,
    retry = { initialMs: 200, maxMs: 10_000 },
    standbyRetryMs = 2_000,
    heldBackRetryMs = 2,
    heldBackMaxMs = 50,
    onPublished,
  } = options;
  const lookup = definitionLookup(options.definitions);
  const events = qualified(schema, 'events');
  const positions = qualified(schema, 'relay_position');
  const js = jetstream(nats);
  const wakeup = new Wakeup();
  const stopping = new AbortController();
  const log = logger.child({ component: 'relay', schema, publisher });

  let client: pg.Client | undefined;
  let broken = false;
  let leader = false;
  let cursor: StoreCursor = START;
  let heldBack = false;
  let heldBackDelay = 0;
  let loop: Promise<void> | undefined;

  async function connect(): Promise<pg.Client> {
    if (client && !broken) return client;
    await disconnect();
    const fresh = new pg.Client({
      connectionString: url,
      application_name: `relay:${schema}`,
      keepAlive: true,
    });
    fresh.on('notification', () => wakeup.notify());
    fresh.on('error', (err) => {
      log.warn({ err }, 'relay connection failed');
      broken = true;
      wakeup.notify();
    });
    broken = false;
    client = fresh;
    await fresh.connect();
    await fresh.query(`LISTEN "${eventsChannel(schema)}"`);
    return fresh;
  }

  async function disconnect(): Promise<void> {
    const old = client;
    client = undefined;
    leader = false;
    // Ending the session also releases the advisory lock, letting a standby take over.
    await old?.end().catch(() => undefined);
  }

  async function becomeLeader(db: pg.Client): Promise<boolean> {
    const { rows } = await db.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
      [`${schema}:relay:${publisher}`],
    );
    if (!rows[0]?.locked) return false;
    await db.query(
      `INSERT INTO ${positions} (publisher, position) VALUES ($1, 0) ON CONFLICT DO NOTHING`,
      [publisher],
    );
    const current = await db.query<{ position: unknown; transaction_id: string }>(
      `SELECT position, transaction_id::text AS transaction_id FROM ${positions}
       WHERE publisher = $1`,
      [publisher],
    );
    const row = current.rows[0];
    cursor = row
      ? { transactionId: row.transaction_id, globalPosition: toNumber(row.position) }
      : START;
    log.info({ cursor }, 'relay is the publisher');
    return true;
  }

  async function publish(event: StoredEvent): Promise<void> {
    const definition = lookup.find(event.type, event.version);
    if (!definition) return;
    const subject = eventSubject(prefix, definition);
    // A child of the append (its traceparent was stored with the event), however much later the
    // relay gets to it; the message carries the publish's own context on to the consumers.
    await withSpan(
      'relay.publish',
      {
        kind: SpanKind.PRODUCER,
        parent: contextFromTraceparent(event.metadata.traceparent),
        attributes: {
          'messaging.system': 'nats',
          'messaging.destination.name': subject,
          'messaging.message.id': event.id,
          'mia.event_type': event.type,
        },
      },
      async () => {
        const h = headers();
        h.set(NATS_HEADER_CORRELATION_ID, event.metadata.correlationId);
        h.set(NATS_HEADER_REQUEST_ID, event.metadata.requestId);
        injectIntoHeaders(h);
        const ack = await js
          .publish(subject, JSON.stringify(toEnvelope(event)), {
            msgID: event.id,
            headers: h,
            timeout: publishTimeoutMs,
          })
          .catch((err: unknown) => {
            throw new PublishError(event, err);
          });
        eventMetrics.published.inc({ type: event.type });
        if (ack.duplicate) log.debug({ eventId: event.id }, 'broker already had this event');
      },
    );
    await onPublished?.(event);
  }

  async function publishBatch(db: pg.Client): Promise<number> {
    const { rows } = await db.query<EventRow>(
      committedAfterQuery(events),
      cursorParams(cursor, batchSize),
    );
    let reached: StoreCursor | undefined;
    try {
      for (const row of rows) {
        const event = toStoredEvent(row);
        await publish(event);
        reached = cursorOf(event);
      }
    } finally {
      if (reached) {
        await db.query(
          `UPDATE ${positions}
           SET transaction_id = $2::xid8, position = $3, updated_at = now() WHERE publisher = $1`,
          [publisher, reached.transactionId, reached.globalPosition],
        );
        cursor = reached;
      }
      // Also (especially) after a failed publish: lag growing is how an outage shows.
      heldBack = await updateLag(db).catch(() => false);
    }
    return rows.length;
  }

  /** Sets the lag gauge; true when committed events wait behind a running transaction. */
  async function updateLag(db: pg.Client): Promise<boolean> {
    const head = await db.query<{ head: unknown; waiting: boolean; age: unknown }>(
      `SELECT (SELECT coalesce(max(global_position), 0) FROM ${events}) AS head,
              EXISTS (SELECT 1 FROM ${events}
                      WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)) AS waiting,
              (SELECT extract(epoch FROM now() - occurred_at) FROM ${events}
                WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
                ORDER BY transaction_id, global_position LIMIT 1) AS age`,
      [cursor.transactionId, cursor.globalPosition],
    );
    // How long the next event to publish has waited (the store-order index finds it): the
    // lag in time that alerts care about, whatever the event count.
    eventMetrics.relayLagSeconds.set({ publisher }, Math.max(0, Number(head.rows[0]?.age ?? 0)));
    // Global positions are taken in insert order, so this counts (roughly) the events inserted
    // since the last one published; exact enough for a lag gauge, and one index probe.
    eventMetrics.relayLag.set(
      { publisher },
      Math.max(0, toNumber(head.rows[0]?.head) - cursor.globalPosition),
    );
    return head.rows[0]?.waiting ?? false;
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        const db = await connect();
        if (!leader) leader = await becomeLeader(db);
        if (!leader) {
          await sleep(standbyRetryMs, stopping.signal);
          continue;
        }
        const count = await publishBatch(db);
        failures = 0;
        if (count === batchSize) continue;
        // Events held back by an older transaction become readable when it ends, and it may
        // end without appending (so without a notification): look again soon, then less often.
        heldBackDelay = heldBack
          ? Math.min(Math.max(heldBackDelay * 2, heldBackRetryMs), heldBackMaxMs, pollIntervalMs)
          : 0;
        await wakeup.wait(heldBack ? heldBackDelay : pollIntervalMs);
      } catch (err) {
        failures += 1;
        eventMetrics.relayErrors.inc({ publisher });
        log.warn({ err, failures }, 'relay failed; events wait in the store');
        // A broker failure leaves the database session (and leadership) intact; anything else
        // gets a fresh connection.
        if (broken || !(err instanceof PublishError)) await disconnect();
        await sleep(backoffDelay(failures, retry), stopping.signal);
      }
    }
  }

  return {
    start() {
      loop ??= run();
    },
    async stop() {
      stopping.abort();
      wakeup.notify();
      await loop;
      await disconnect();
    },
    get position() {
      return cursor.globalPosition;
    },
    get cursor() {
      return cursor;
    },
    get isLeader() {
      return leader;
    },
  };
}

class PublishError extends Error {
  constructor(event: StoredEvent, cause: unknown) {
    super(`Publishing event ${event.id} (${event.type}) failed`, { cause });
  }
}
