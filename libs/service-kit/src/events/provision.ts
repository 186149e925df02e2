import { JetStreamApiCodes, JetStreamApiError, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { durableConsumerConfig, supportsMultipleFilters } from './consumer.js';
import type { NatsTopology } from './nats-topology.js';
import { ensureStreams, streamNames, type EnsureStreamsOptions } from './streams.js';

export interface ProvisionOptions extends EnsureStreamsOptions {
  /** The durables' ack wait (NATS_ACK_WAIT_MS of the services); default 30 s. */
  ackWaitMs?: number;
}

export interface Provisioned {
  streams: string[];
  durables: string[];
}

/**
 * The one step that creates (or brings up to date) the events and dead-letter streams and every
 * service's durable consumers, with the filters the topology declares. Run with the admin user
 * before the services start and after each deployment that changes what a service consumes;
 * the services themselves may only check that these exist.
 */
export async function provisionNats(
  nc: NatsConnection,
  jsm: JetStreamManager,
  prefix: string,
  topology: NatsTopology,
  { ackWaitMs = 30_000, ...streamOptions }: ProvisionOptions = {},
): Promise<Provisioned> {
  const names = await ensureStreams(jsm, prefix, streamOptions);
  const durables: string[] = [];
  for (const service of topology.services) {
    for (const durable of service.durables) {
      const wanted = durableConsumerConfig({
        name: durable.name,
        prefix,
        subjects: durable.subjects.map((s) => `${prefix}${s}`),
        ackWaitMs,
        // As createConsumer's default concurrency (4) asks.
        maxAckPending: 100,
        multipleFilters: supportsMultipleFilters(nc),
      });
      const existing = await jsm.consumers
        .info(names.events, durable.name)
        .catch((err: unknown) => {
          if (err instanceof JetStreamApiError) return undefined;
          throw err;
        });
      const filter = (c: { filter_subject?: string; filter_subjects?: string[] }) =>
        [...(c.filter_subjects ?? []), ...(c.filter_subject ? [c.filter_subject] : [])]
          .sort()
          .join(' ');
      // A changed filter: replaced, as createConsumer does (the inbox makes the re-read a no-op).
      if (existing && filter(existing.config) !== filter(wanted)) {
        await jsm.consumers.delete(names.events, durable.name);
      }
      if (existing && filter(existing.config) === filter(wanted)) {
        const { durable_name: _d, ack_policy: _a, deliver_policy: _p, ...updatable } = wanted;
        await jsm.consumers.update(names.events, durable.name, updatable);
      } else {
        await jsm.consumers.add(names.events, wanted);
      }
      durables.push(durable.name);
    }
  }
  return { streams: [names.events, names.dlq], durables };
}

/** Thrown when the streams a service needs are not there: provisioning has not run. */
export class StreamsMissingError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `JetStream stream(s) ${missing.join(', ')} missing: run the NATS provisioning first ` +
        '(npm run nats:provision, or the nats-provision job of docker compose / Kubernetes).',
    );
    this.name = 'StreamsMissingError';
  }
}

/** Checks that the events and dead-letter streams exist (a service never creates them). */
export async function checkStreams(jsm: JetStreamManager, prefix: string): Promise<void> {
  const names = streamNames(prefix);
  const missing: string[] = [];
  for (const stream of [names.events, names.dlq]) {
    try {
      await jsm.streams.info(stream);
    } catch (err) {
      if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)
        missing.push(stream);
      else throw err;
    }
  }
  if (missing.length > 0) throw new StreamsMissingError(missing);
}
