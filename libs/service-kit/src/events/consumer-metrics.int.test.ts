import { randomUUID } from 'node:crypto';
import { waitFor } from '@mia/testing';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '../http/metrics.js';
import { createConsumer } from './consumer.js';
import { createEventStore, type EventStore } from './event-store.js';
import {
  kitDatabase,
  kitNats,
  SCHEMA,
  testEvents,
  testLogger,
  ThingHappened,
} from './fixtures.fixture.js';
import { createRelay } from './relay.js';
import { on } from './subscription.js';

let kit: Awaited<ReturnType<typeof kitDatabase>>;
let nats: Awaited<ReturnType<typeof kitNats>>;
let store: EventStore<PoolClient>;

beforeAll(async () => {
  [kit, nats] = await Promise.all([kitDatabase(), kitNats()]);
  store = createEventStore({ runner: kit.runner, schema: SCHEMA, definitions: testEvents });
});
afterAll(async () => {
  await nats?.cleanup();
  await kit?.close();
});

/** One sample of a metric from the registry, as /metrics would show it. */
async function sample(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = await metricsRegistry.getSingleMetric(name)?.get();
  const found = metric?.values.find((v) =>
    Object.entries(labels).every(([k, value]) => v.labels[k] === value),
  );
  return found?.value;
}

describe('event pipeline metrics', () => {
  it('shows a consumer’s parked events, its lag and reaction delays, and the relay’s lag in seconds', async () => {
    const name = `metrics-${randomUUID().slice(0, 8)}`;
    const relay = createRelay({
      url: kit.db.url,
      schema: SCHEMA,
      nats: nats.nc,
      prefix: nats.prefix,
      logger: testLogger,
      definitions: testEvents,
      publisher: name,
    });
    const consumer = createConsumer({
      runner: kit.runner,
      schema: SCHEMA,
      nats: nats.nc,
      prefix: nats.prefix,
      name,
      logger: testLogger,
      maxDeliver: 2,
      backoff: { initialMs: 20, maxMs: 40 },
      subscriptions: [
        on(ThingHappened, async (data) => {
          if (data.label === 'poison') throw new Error('cannot handle this one');
        }),
      ],
    });
    try {
      const stream = `metrics-${randomUUID()}`;
      // Occurred a minute ago: its reaction's delay counts from then.
      const occurredAt = new Date(Date.now() - 60_000);
      await store.append(stream, 'no-stream', [
        { type: ThingHappened.type, data: { n: 1, label: 'fine' }, occurredAt },
        { type: ThingHappened.type, data: { n: 2, label: 'poison' } },
      ]);
      await consumer.start();
      relay.start();
      await waitFor(async () => ((await sample('parked_events', { consumer: name })) ?? 0) > 0, {
        message: 'the poison event counted as parked',
      });
      expect(await sample('parked_events', { consumer: name })).toBe(1);
      expect(await sample('consumer_pending_messages', { consumer: name })).toBe(0);
      expect(await sample('relay_lag_seconds', { publisher: name })).toBe(0);
      const delays = await metricsRegistry.getSingleMetric('event_reaction_delay_seconds')?.get();
      const slow = delays?.values.find(
        (v) =>
          v.labels.consumer === name &&
          v.labels.le === 30 &&
          (v as { metricName?: string }).metricName?.endsWith('_bucket'),
      );
      const count = delays?.values.find(
        (v) =>
          v.labels.consumer === name &&
          (v as { metricName?: string }).metricName?.endsWith('_count'),
      );
      // Handled once, a minute after it occurred: not within 30 s.
      expect(count?.value).toBe(1);
      expect(slow?.value).toBe(0);
    } finally {
      await relay.stop();
      await consumer.stop();
    }
    // A stopped consumer leaves /metrics.
    expect(await sample('parked_events', { consumer: name })).toBeUndefined();
  });
});
