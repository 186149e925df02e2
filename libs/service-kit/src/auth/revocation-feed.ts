import { eventEnvelopeSchema, eventSubject, SessionsRevokedV1 } from '@mia/contracts';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { streamNames } from '../events/streams.js';
import type { Logger } from '../logger.js';
import { recordSessionsRevoked, type RevocationList } from './revocations.js';

export interface RevocationFeedOptions {
  nats: NatsConnection;
  prefix: string;
  revocations: RevocationList;
  logger: Logger;
  /**
   * How far back to read at start: the absolute session lifetime, so a restarted replica
   * also refuses every still-unexpired session revoked before it started.
   */
  lookbackMs: number;
  /** How often expired entries are forgotten. */
  pruneEveryMs?: number;
}

export interface RevocationFeed {
  stop(): Promise<void>;
}

/**
 * Feeds identity's SessionsRevoked events into this process's revocation list. Every replica
 * reads every event (an ephemeral ordered consumer, not the service's durable one, which
 * would hand each event to a single replica), so a revoked cookie is refused everywhere
 * within the relay's latency. The list is marked loaded once the consumer has nothing older
 * left to deliver: when it was created with nothing pending, or at the message after which
 * nothing is pending (readiness waits for it).
 */
export async function startRevocationFeed(options: RevocationFeedOptions): Promise<RevocationFeed> {
  const { nats, prefix, revocations, logger } = options;
  const consumer = await jetstream(nats).consumers.get(streamNames(prefix).events, {
    filter_subjects: eventSubject(prefix, SessionsRevokedV1),
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: new Date(Date.now() - options.lookbackMs).toISOString(),
  });
  const messages = await consumer.consume();
  const caughtUp = () => {
    if (revocations.loaded) return;
    revocations.markLoaded();
    logger.info({ revocations: revocations.size }, 'revocation list loaded');
  };
  // The ordered consumer was just created, and the answer says how many revocations wait for
  // it: none, and the list is loaded already. After a gap the client re-creates it from where
  // it was; one re-created with none left pending means the same.
  if ((await consumer.info(true)).num_pending === 0) caughtUp();
  const watching = (async () => {
    for await (const status of messages.status()) {
      if (revocations.loaded) break;
      if (status.type !== 'ordered_consumer_recreated') continue;
      if ((await consumer.info(true)).num_pending === 0) caughtUp();
    }
  })().catch((err: unknown) => logger.warn({ err }, 'revocation feed status unreadable'));
  const done = (async () => {
    for await (const msg of messages) {
      try {
        const envelope = eventEnvelopeSchema.parse(msg.json());
        recordSessionsRevoked(revocations, SessionsRevokedV1.schema.parse(envelope.data));
      } catch (err) {
        logger.error({ err, subject: msg.subject }, 'unreadable SessionsRevoked event ignored');
      } finally {
        if (msg.info.pending === 0) caughtUp();
      }
    }
  })();
  const pruning = setInterval(() => revocations.prune(), options.pruneEveryMs ?? 60_000);
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
