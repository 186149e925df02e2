import { eventSubject, type EventEnvelope } from '@mia/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { runWithContext, sanitizeId } from '../context.js';
import type { TransactionRunner, TxContext } from '../db/sql.js';
import type { Logger } from '../logger.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import { parseDelivery, subscriptionIndex, type ParsedDelivery } from './delivery.js';
import {
  NATS_HEADER_CONSUMER,
  NATS_HEADER_DELIVERIES,
  NATS_HEADER_ERROR,
  NATS_HEADER_REQUEST_ID,
} from './envelope.js';
import { createCommandHandler } from '../domain/command-handler.js';
import { randomIds, systemClock, type Clock, type IdGenerator } from '../domain/clock.js';
import { createEventStore, type EventStore } from './event-store.js';
import { isProcessed, processOnce } from './inbox.js';
import { advanceStreamPosition } from './stream-positions.js';
import { eventMetrics } from './metrics.js';
import { consumerMetrics, observeConsumer } from './consumer-metrics.js';
import { recordParked } from './parking.js';
import { KeyedQueue, Semaphore } from './semaphore.js';
import { dlqSubject, streamNames } from './streams.js';
import type { ReactionContext, Subscription } from './subscription.js';
import { sleep } from './wakeup.js';
import { extractFromHeaders } from '../tracing/propagation.js';
import { SpanKind, withSpan } from '../tracing/spans.js';

export interface ConsumerOptions<Tx> {
  runner: TransactionRunner<Tx>;
  /** Schema holding this service's inbox and parked_events tables. */
  schema: string;
  nats: NatsConnection;
  prefix: string;
  /** Durable consumer name, unique per service and purpose (e.g. `access-grants`). */
  name: string;
  subscriptions: readonly Subscription<Tx>[];
  logger: Logger;
  /** Attempts before an event is parked. */
  maxDeliver?: number;
  /** Delay before each retry of a failed handler. */
  backoff?: BackoffOptions;
  /** Redelivery after this long without an ack (handler or process hung). */
  ackWaitMs?: number;
  /**
   * Messages handled at once. Events of one source stream are handled one after another in
   * the order the broker delivers them, retries included: a failing event is retried in place
   * (with backoff) while the later events of its stream wait, until it succeeds or is parked.
   * Across replicas, order is not guaranteed; see Subscription.ordering.
   */
  concurrency?: number;
  /**
   * The service's event store, so reactions append through its projections. Defaults to a
   * store over `runner` and `schema` without projections.
   */
  store?: EventStore<Tx>;
  /** The service's clock and id generator, handed to the deciders reactions run. */
  clock?: Clock;
  newId?: IdGenerator;
  /** Called after a handler's transaction committed and before the ack. */
  onHandled?: (envelope: EventEnvelope) => void | Promise<void>;
}

export interface EventConsumer {
  /** Creates/updates the durable consumer and starts pulling. */
  start(): Promise<void>;
  /** Stops pulling and waits for the handlers in flight. */
  stop(): Promise<void>;
}

const MS = 1_000_000;
const NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Durable JetStream consumer with an inbox: each event's effect commits together with its
 * inbox row, then the message is acked (double ack). Failures are retried with backoff and,
 * after `maxDeliver` attempts, parked (dead-letter subject + parked_events) and logged.
 */
export function createConsumer<Tx>(options: ConsumerOptions<Tx>): EventConsumer {
  const {
    runner,
    schema,
    nats,
    prefix,
    name,
    logger,
    maxDeliver = 5,
    backoff = { initialMs: 1_000, maxMs: 60_000, jitter: 0.2 },
    ackWaitMs = 30_000,
    concurrency = 4,
    onHandled,
    clock = systemClock,
    newId = randomIds,
  } = options;
  const store = options.store ?? createEventStore({ runner, schema, clock });
  const commands = createCommandHandler({ store, clock, newId });
  if (!NAME.test(name)) throw new Error(`Consumer name "${name}" may use only A-Z a-z 0-9 _ -`);
  const index = subscriptionIndex(options.subscriptions);
  const subjects = new Set(options.subscriptions.map((s) => eventSubject(prefix, s.event)));
  if (index.size === 0) throw new Error(`Consumer ${name} has no subscriptions`);
  const js = jetstream(nats);
  const stream = streamNames(prefix).events;
  const log = logger.child({ component: 'consumer', consumer: name });
  const slots = new Semaphore(concurrency);
  const ordered = new KeyedQueue();
  const inFlight = new Set<Promise<void>>();
  let messages: ConsumerMessages | undefined;
  let loop: Promise<void> | undefined;
  let stopped = false;
  const stopping = new AbortController();
  let unobserve: (() => void) | undefined;

  function config(): Partial<ConsumerConfig> {
    return durableConsumerConfig({
      name,
      prefix,
      subjects: [...subjects],
      ackWaitMs,
      maxAckPending: Math.max(100, concurrency * 10),
      multipleFilters: supportsMultipleFilters(nats),
    });
  }

  async function ensureDurable(jsm: JetStreamManager) {
    const wanted = config();
    const existing = await jsm.consumers.info(stream, name).catch((err: unknown) => {
      if (err instanceof JetStreamApiError) return undefined;
      throw err;
    });
    // Provisioned as wanted: nothing to ask of the broker (a service's own NATS user may read
    // its durables but never create or change one).
    if (existing && sameDurable(existing.config, wanted)) return;
    try {
      if (existing && filterOf(existing.config) !== filterOf(wanted)) {
        // The subscriptions changed. Changing a durable's filter in place is unreliable before
        // nats-server 2.10 (the server accepts the new filter, then keeps skipping as before),
        // so the consumer is replaced and reads the stream again from the start: the inbox
        // turns every event already handled into a no-op, so nothing happens twice.
        log.warn(
          { was: filterOf(existing.config), wanted: filterOf(wanted) },
          'consumer filter changed; recreating it',
        );
        await jsm.consumers.delete(stream, name);
      }
      try {
        await jsm.consumers.add(stream, wanted);
      } catch (err) {
        if (!(err instanceof JetStreamApiError)) throw err;
        // Same filter, other settings (ack wait, max ack pending): those update in place.
        const { durable_name: _d, ack_policy: _a, deliver_policy: _p, ...updatable } = wanted;
        await jsm.consumers.update(stream, name, updatable);
        log.info('durable consumer updated');
      }
    } catch (err) {
      if (!isPermissionError(err)) throw err;
      if (existing && filterOf(existing.config) === filterOf(wanted)) {
        // Only a setting differs (e.g. NATS_ACK_WAIT_MS): run with the provisioned one.
        log.warn(
          { provisioned: existing.config.ack_wait, wanted: wanted.ack_wait },
          'durable consumer settings differ from this service; provisioning sets them',
        );
        return;
      }
      throw new Error(
        `Durable consumer ${name} on ${stream} is ${existing ? `filtered on "${filterOf(existing.config)}" instead of "${filterOf(wanted)}"` : 'missing'}, ` +
          'and this service may not create it: run the NATS provisioning (npm run nats:provision, ' +
          'or the nats-provision job) with this version of the code.',
        { cause: err },
      );
    }
  }

  async function park(
    msg: JsMsg,
    error: string,
    envelope?: EventEnvelope,
    attempts = msg.info.deliveryCount,
  ): Promise<void> {
    const deliveries = attempts;
    const type = envelope?.type ?? 'unreadable';
    const messageKey = envelope?.id ?? `seq:${msg.info.streamSequence}`;
    try {
      await recordParked(runner.sql, schema, {
        consumer: name,
        messageKey,
        eventId: envelope?.id ?? null,
        eventType: envelope?.type ?? null,
        subject: msg.subject,
        payload: msg.string(),
        error,
        deliveries,
      });
      const h = headers();
      h.set(NATS_HEADER_ERROR, error.slice(0, 1_000).replace(/[\r\n]+/g, ' '));
      h.set(NATS_HEADER_CONSUMER, name);
      h.set(NATS_HEADER_DELIVERIES, String(deliveries));
      await js.publish(dlqSubject(prefix, name, type), msg.data, {
        msgID: `${name}:${messageKey}`,
        headers: h,
      });
      eventMetrics.parked.inc({ consumer: name, type });
      log.error({ eventId: envelope?.id, type, deliveries, error }, 'event parked');
      // No reason text: nats-server 2.9 ignores a `+TERM <reason>` ack and would redeliver.
      msg.term();
    } catch (err) {
      // Not parked yet: keep the message and try again later.
      log.error({ err, eventId: envelope?.id }, 'parking failed; will retry');
      msg.nak(backoffDelay(deliveries, backoff));
    }
  }

  /** The subscription's effect, in the inbox row's transaction. */
  async function react(
    parsed: Extract<ParsedDelivery<Tx>, { kind: 'handle' }>,
    tx: TxContext<Tx>,
  ): Promise<void> {
    const { envelope, data, subscription } = parsed;
    if (subscription.ordering === 'newest-wins' && envelope.streamVersion !== undefined) {
      const seen = await advanceStreamPosition(
        tx.sql,
        schema,
        name,
        envelope.streamId,
        envelope.streamVersion,
      );
      if (seen === 'stale') {
        log.debug(
          { eventId: envelope.id, streamVersion: envelope.streamVersion },
          'older event skipped',
        );
        return;
      }
    }
    const session = store.within(tx);
    const ctx: ReactionContext<Tx> = {
      ...session,
      now: clock(),
      decide: (streamId, decider, command, appendOptions) =>
        commands.handleIn(session, streamId, decider, command, appendOptions),
    };
    await subscription.handle(data, { ...envelope, data }, ctx);
  }

  /** Keeps the message from being redelivered elsewhere while this process waits to retry it. */
  async function waitToRetry(msg: JsMsg, delayMs: number): Promise<void> {
    const until = Date.now() + delayMs;
    while (!stopped && Date.now() < until) {
      msg.working();
      await sleep(Math.min(until - Date.now(), ackWaitMs / 3), stopping.signal);
    }
  }

  /** One delivery as the `consume <EventType>` span, a child of the relay's publish. */
  function handle(msg: JsMsg, parsed: Extract<ParsedDelivery<Tx>, { kind: 'handle' }>) {
    return withSpan(
      `consume ${parsed.envelope.type}`,
      {
        kind: SpanKind.CONSUMER,
        parent: extractFromHeaders(msg.headers),
        attributes: {
          'messaging.system': 'nats',
          'messaging.consumer.group.name': name,
          'messaging.message.id': parsed.envelope.id,
          'messaging.destination.name': msg.subject,
          'mia.deliveries': msg.info.deliveryCount,
        },
      },
      () => handleDelivery(msg, parsed),
    );
  }

  async function handleDelivery(
    msg: JsMsg,
    parsed: Extract<ParsedDelivery<Tx>, { kind: 'handle' }>,
  ) {
    const { envelope } = parsed;
    const type = envelope.type;
    if (stopped) return void msg.nak();
    if (msg.info.deliveryCount > 1) consumerMetrics.redelivered.inc({ consumer: name, type });
    // Deliveries before this one ended without an ack (hung handler or crashed process).
    let attempt = msg.info.deliveryCount;
    if (attempt > maxDeliver) {
      // One of them may still have committed.
      if (await isProcessed(runner.sql, schema, name, envelope.id)) return void msg.ack();
      return park(msg, `no successful attempt in ${maxDeliver} deliveries`, envelope);
    }
    const context = {
      requestId: sanitizeId(msg.headers?.get(NATS_HEADER_REQUEST_ID)) ?? envelope.correlationId,
      correlationId: envelope.correlationId,
      causationId: envelope.id,
    };
    for (;;) {
      try {
        const outcome = await runWithContext(context, () =>
          processOnce(runner, schema, name, envelope.id, (tx) => react(parsed, tx)),
        );
        if (!outcome.processed) log.debug({ eventId: envelope.id }, 'duplicate delivery skipped');
        else
          consumerMetrics.reactionDelay.observe(
            { consumer: name, type },
            Math.max(0, Date.now() - Date.parse(envelope.occurredAt)) / 1_000,
          );
        eventMetrics.consumed.inc({ consumer: name, type });
        break;
      } catch (err) {
        eventMetrics.failed.inc({ consumer: name, type });
        const error = err instanceof Error ? err.message : String(err);
        if (attempt >= maxDeliver) return park(msg, error, envelope, attempt);
        const delay = backoffDelay(attempt, backoff);
        log.warn({ err, eventId: envelope.id, type, attempt, delay }, 'handler failed; retrying');
        await waitToRetry(msg, delay);
        // Stopping: hand the event back; the broker redelivers it here or to another replica.
        if (stopped) return void msg.nak();
        attempt += 1;
      }
    }
    await onHandled?.(envelope);
    // Committed: a lost ack only means a redelivery that the inbox turns into a no-op.
    await msg.ackAck().catch((err: unknown) => log.warn({ err }, 'ack not confirmed'));
  }

  async function dispatch(msg: JsMsg): Promise<void> {
    // With a wide filter (servers without filter_subjects) other events arrive too.
    if (!subjects.has(msg.subject)) return msg.ack();
    const parsed = parseDelivery<Tx>(msg.string(), index);
    if (parsed.kind === 'ignore') return msg.ack();
    if (parsed.kind === 'invalid') return park(msg, parsed.reason, parsed.envelope);
    // The slot is taken once it is this event's turn in its stream, so events queued behind a
    // retrying one do not hold slots that other streams could use.
    await ordered.run(parsed.envelope.streamId, async () => {
      await slots.acquire();
      try {
        await handle(msg, parsed);
      } finally {
        slots.release();
      }
    });
  }

  function track(work: Promise<void>) {
    const tracked = work
      .catch((err: unknown) => log.error({ err }, 'message handling failed'))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  /** The promise's value, or a rejection as soon as stop() is called. */
  function untilStopped<T>(promise: Promise<T>): Promise<T> {
    if (stopping.signal.aborted) return Promise.reject(new Error('consumer stopped'));
    return new Promise<T>((resolve, reject) => {
      const onStop = () => reject(new Error('consumer stopped'));
      stopping.signal.addEventListener('abort', onStop, { once: true });
      promise.then(
        (value) => {
          stopping.signal.removeEventListener('abort', onStop);
          resolve(value);
        },
        (err: unknown) => {
          stopping.signal.removeEventListener('abort', onStop);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  async function run(): Promise<void> {
    let failures = 0;
    let first = true;
    while (!stopped) {
      try {
        // After an interruption the durable may be gone (deleted, or a broker without storage).
        if (!first) await ensureDurable(await jetstreamManager(nats));
        first = false;
        // A stop while these are pending must not wait for them: the broker may answer late
        // or not at all, and the connection is drained after the consumers stop anyway.
        const consumer = await untilStopped(js.consumers.get(stream, name));
        messages = await untilStopped(
          consumer.consume({ max_messages: Math.max(10, concurrency * 2) }),
        );
        if (stopped) await messages.close();
        for await (const msg of messages) {
          failures = 0;
          if (stopped) {
            msg.nak();
            continue;
          }
          // Unbounded here on purpose: the broker's max_ack_pending bounds what is in flight.
          track(dispatch(msg));
        }
      } catch (err) {
        if (stopped) break;
        failures += 1;
        log.warn({ err, failures }, 'consuming failed; retrying');
      }
      await sleep(backoffDelay(failures + 1, { initialMs: 250, maxMs: 5_000 }), stopping.signal);
    }
  }

  return {
    async start() {
      const jsm = await jetstreamManager(nats);
      await ensureDurable(jsm);
      unobserve ??= observeConsumer({
        name,
        schema,
        sql: runner.sql,
        pending: async () => {
          const info = await jsm.consumers.info(stream, name);
          return info.num_pending + info.num_ack_pending;
        },
      });
      loop ??= run();
      log.info({ config: config() }, 'consumer started');
    },
    async stop() {
      stopped = true;
      stopping.abort();
      unobserve?.();
      await messages?.close();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** The durable consumer createConsumer needs, as provisioning creates it. */
export function durableConsumerConfig(options: {
  name: string;
  prefix: string;
  /** Absolute subjects (with the prefix). */
  subjects: readonly string[];
  ackWaitMs: number;
  maxAckPending: number;
  /** nats-server 2.10+; older servers get the whole events stream, filtered by the consumer. */
  multipleFilters: boolean;
}): Partial<ConsumerConfig> {
  const list = [...options.subjects].sort();
  const filter =
    list.length === 1
      ? { filter_subject: list[0] }
      : options.multipleFilters
        ? { filter_subjects: list }
        : { filter_subject: streamNames(options.prefix).eventsSubjects };
  return {
    durable_name: options.name,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: options.ackWaitMs * MS,
    // Parking is ours (after maxDeliver); the server must never drop a message silently.
    max_deliver: -1,
    max_ack_pending: options.maxAckPending,
    ...filter,
  };
}

const sameDurable = (a: Partial<ConsumerConfig>, b: Partial<ConsumerConfig>): boolean =>
  filterOf(a) === filterOf(b) &&
  a.ack_wait === b.ack_wait &&
  a.max_ack_pending === b.max_ack_pending &&
  a.max_deliver === b.max_deliver;

/** A request the server refused for the user's permissions (nats.js: PermissionViolationError). */
export function isPermissionError(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.name === 'PermissionViolationError' || /permissions? violation/i.test(e.message))
      return true;
  }
  return false;
}

const filterOf = (c: Partial<ConsumerConfig>): string =>
  [...(c.filter_subjects ?? []), ...(c.filter_subject ? [c.filter_subject] : [])].sort().join(' ');

export function supportsMultipleFilters(nats: NatsConnection): boolean {
  const [major = 0, minor = 0] = (nats.info?.version ?? '0.0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}
