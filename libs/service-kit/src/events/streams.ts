import {
  DiscardPolicy,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';

/**
 * JetStream names derived from a subject prefix: `mia.` -> MIA_EVENTS (`mia.events.>`) and
 * MIA_DLQ (`mia.dlq.>`). One prefix per environment or test run keeps them apart.
 */
export function streamNames(prefix: string) {
  const base = prefix
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  const name = (suffix: string) => (base ? `${base}_${suffix}` : suffix);
  return {
    events: name('EVENTS'),
    dlq: name('DLQ'),
    eventsSubjects: `${prefix}events.>`,
    dlqSubjects: `${prefix}dlq.>`,
  };
}

/** Dead-letter subject of a consumer's parked events: `<prefix>dlq.<consumer>.<type>`. */
export const dlqSubject = (prefix: string, consumer: string, type: string): string =>
  `${prefix}dlq.${consumer.replace(/[.*>\s]/g, '_')}.${type.replace(/[.*>\s]/g, '_')}`;

export interface EnsureStreamsOptions {
  /** Broker-side de-duplication window for Nats-Msg-Id; relay restarts within it publish once. */
  duplicateWindowMs?: number;
  /** 0 keeps events forever; the event store stays the source of truth either way. */
  maxAgeMs?: number;
  storage?: StorageType;
}

const MS = 1_000_000;

/**
 * Creates (or brings up to date) the events and dead-letter streams: part of provisioning
 * (provision.ts), which needs the admin user; services only check that the streams exist.
 */
export async function ensureStreams(
  jsm: JetStreamManager,
  prefix: string,
  {
    duplicateWindowMs = 120_000,
    maxAgeMs = 0,
    storage = StorageType.File,
  }: EnsureStreamsOptions = {},
) {
  const names = streamNames(prefix);
  const common: Partial<StreamConfig> = {
    storage,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    duplicate_window: duplicateWindowMs * MS,
    max_age: maxAgeMs * MS,
  };
  await ensureStream(jsm, { ...common, name: names.events, subjects: [names.eventsSubjects] });
  await ensureStream(jsm, { ...common, name: names.dlq, subjects: [names.dlqSubjects] });
  return names;
}

async function ensureStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
) {
  try {
    await jsm.streams.add(config);
  } catch (err) {
    // Exists with another configuration (e.g. a changed window): update what can be updated.
    if (!(err instanceof JetStreamApiError)) throw err;
    const { name, storage: _storage, retention: _retention, ...updatable } = config;
    await jsm.streams.update(name, updatable);
  }
}
