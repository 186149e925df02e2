import { eventEnvelopeSchema, eventSubject, type EventDefinition } from '@mia/contracts';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import { streamNames } from '../events/streams.js';
import type { Logger } from '../logger.js';

/** An in-memory list fed by a broadcast feed: loaded once the feed has caught up. */
export interface FedList {
  readonly loaded: boolean;
  markLoaded(): void;
  readonly size: number;
  /** Forgets entries that can no longer matter; called now and then. */
  prune(): void;
}

export interface BroadcastFeedOptions<S extends z.ZodType> {
  nats: NatsConnection;
  prefix: string;
  /** The one event the feed reads (its subject is the consumer's filter). */
  event: EventDefinition<string, number, S>;
  list: FedList;
  /** Applies one event's data to the list. */
  record(data: z.output<S>): void;
  logger: Logger;
  /** How far back to read at start: long enough that every entry still in force is read. */
  lookbackMs: number;
  /** How often expired entries are forgotten. */
  pruneEveryMs?: number;
}

export interface BroadcastFeed {
  stop(): Promise<void>;
}

/**
 * Feeds one event into this process's in-memory list. Every replica reads every event (an
 * ephemeral ordered consumer, not the service's durable one, which would hand each event to a
 * single replica), so what one replica is told all are, within the relay's latency. The list is
 * marked loaded once the consumer has nothing older left to deliver: when it was created with
 * nothing pending, or at the message after which nothing is pending (readiness waits for it).
 * Used for the revocations every verifier must know (sessions, OAuth grants).
 */
export async function startBroadcastFeed<S extends z.ZodType>(
  options: BroadcastFeedOptions<S>,
): Promise<BroadcastFeed> {
  const { nats, prefix, list, logger, event } = options;
  const consumer = await jetstream(nats).consumers.get(streamNames(prefix).events, {
    filter_subjects: eventSubject(prefix, event),
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: new Date(Date.now() - options.lookbackMs).toISOString(),
  });
  const messages = await consumer.consume();
  const caughtUp = () => {
    if (list.loaded) return;
    list.markLoaded();
    logger.info({ event: event.type, entries: list.size }, 'broadcast feed loaded');
  };
  // The ordered consumer was just created, and the answer says how many events wait for it:
  // none, and the list is loaded already. After a gap the client re-creates it from where it
  // was; one re-created with none left pending means the same.
  if ((await consumer.info(true)).num_pending === 0) caughtUp();
  const watching = (async () => {
    for await (const status of messages.status()) {
      if (list.loaded) break;
      if (status.type !== 'ordered_consumer_recreated') continue;
      if ((await consumer.info(true)).num_pending === 0) caughtUp();
    }
  })().catch((err: unknown) => logger.warn({ err }, 'broadcast feed status unreadable'));
  const done = (async () => {
    for await (const msg of messages) {
      try {
        const envelope = eventEnvelopeSchema.parse(msg.json());
        options.record(event.schema.parse(envelope.data));
      } catch (err) {
        logger.error({ err, subject: msg.subject }, `unreadable ${event.type} event ignored`);
      } finally {
        if (msg.info.pending === 0) caughtUp();
      }
    }
  })();
  const pruning = setInterval(() => list.prune(), options.pruneEveryMs ?? 60_000);
  pruning.unref();
  return {
    async stop() {
      clearInterval(pruning);
      await messages.close();
      await done;
      await watching;
    },
  };
}
