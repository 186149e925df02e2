import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope } from '@mia/contracts';
import {
  ConcurrencyError,
  createCommandHandler,
  type EventStore,
  type EventStoreSession,
  type NewEvent,
  type ReactionContext,
  type StoredEvent,
  type Subscription,
} from '@mia/service-kit';
import { assertConsumersCanRead } from './consumer-contracts.js';
import { sequentialIds, type SpecOptions } from './decider-spec.js';

const noDatabase = {
  query(): never {
    throw new Error('This reaction uses SQL directly; test it with a database (int test).');
  },
};

/** An event store in memory: enough for reactions that only read streams and run deciders. */
export function memoryEventStore(clock: () => Date): EventStore<undefined> & {
  streams: Map<string, StoredEvent[]>;
} {
  const streams = new Map<string, StoredEvent[]>();
  let position = 0;
  const readStream = async (streamId: string, { afterVersion = 0 } = {}) =>
    (streams.get(streamId) ?? []).filter((e) => e.streamVersion > afterVersion);
  const append = async (streamId: string, expected: unknown, events: readonly NewEvent[]) => {
    const stream = streams.get(streamId) ?? [];
    const actual = stream.length;
    const wanted = expected === 'no-stream' ? 0 : expected;
    if (wanted !== 'any' && wanted !== actual) {
      throw new ConcurrencyError(streamId, expected as number, actual);
    }
    const stored = events.map((event, i): StoredEvent => ({
      id: event.id ?? randomUUID(),
      type: event.type,
      version: event.version ?? 1,
      streamId,
      streamVersion: actual + i + 1,
      globalPosition: ++position,
      transactionId: String(position),
      occurredAt: (event.occurredAt ?? clock()).toISOString(),
      data: event.data,
      metadata: { correlationId: 'test', causationId: null, requestId: 'test' },
    }));
    streams.set(streamId, [...stream, ...stored]);
    return stored;
  };
  const session: EventStoreSession<undefined> = {
    sql: noDatabase,
    tx: undefined,
    readStream,
    append: (streamId, expected, events) => append(streamId, expected, events),
  };
  return {
    schema: 'memory',
    sql: noDatabase,
    clock,
    streams,
    transaction: (fn) => fn(session),
    within: () => session,
    append: (streamId, expected, events) => append(streamId, expected, events),
    readStream,
    readAll: async () =>
      [...streams.values()].flat().sort((a, b) => a.globalPosition - b.globalPosition),
  };
}

/**
 * Given/when/then over a reaction, with no database: given these events already in the
 * service's streams, when this integration event is consumed, then these events appended.
 */
export function reactionSpec<D extends EventDefinition>(
  subscription: Subscription<undefined, D> | Subscription<unknown>,
  options: SpecOptions = {},
) {
  const now = new Date(options.now ?? '2026-01-01T00:00:00.000Z');
  const newId = options.newId ?? sequentialIds();
  return {
    given(history: Record<string, readonly { type: string; data: unknown }[]> = {}) {
      const store = memoryEventStore(() => now);
      const seed = Promise.all(
        Object.entries(history).map(([streamId, events]) => store.append(streamId, 'any', events)),
      );
      const consume = async (data: unknown, envelope: Partial<EventEnvelope> = {}) => {
        await seed;
        const before = new Map([...store.streams].map(([k, v]) => [k, v.length]));
        const session = store.within({ sql: noDatabase, tx: undefined });
        const commands = createCommandHandler({ store, clock: () => now, newId });
        const ctx: ReactionContext<undefined> = {
          ...session,
          now,
          decide: (streamId, decider, command, appendOptions) =>
            commands.handleIn(session, streamId, decider, command, appendOptions),
        };
        const full: EventEnvelope = {
          id: randomUUID(),
          type: subscription.event.type,
          version: subscription.event.version,
          occurredAt: now.toISOString(),
          streamId: 'source-stream',
          correlationId: 'test',
          causationId: null,
          ...envelope,
          data: subscription.event.schema.parse(data),
        };
        await (subscription as Subscription<undefined>).handle(
          full.data as never,
          full as never,
          ctx,
        );
        const appended: Record<string, { type: string; data: unknown }[]> = {};
        for (const [streamId, events] of store.streams) {
          const fresh = events.slice(before.get(streamId) ?? 0);
          // What a reaction appends may be published: consumers must be able to read it.
          assertConsumersCanRead(fresh);
          if (fresh.length > 0)
            appended[streamId] = fresh.map(({ type, data }) => ({ type, data }));
        }
        return appended;
      };
      return {
        store,
        when(data: unknown, envelope?: Partial<EventEnvelope>) {
          return {
            async then(expected: Record<string, readonly { type: string; data: unknown }[]>) {
              assert.deepStrictEqual(await consume(data, envelope), expected);
            },
            async thenNothing() {
              assert.deepStrictEqual(await consume(data, envelope), {});
            },
            /** The same event consumed again appends nothing more (the decider is idempotent). */
            async thenIdempotent() {
              await consume(data, envelope);
              assert.deepStrictEqual(
                await consume(data, envelope),
                {},
                'second delivery appended events',
              );
            },
          };
        },
      };
    },
  };
}
