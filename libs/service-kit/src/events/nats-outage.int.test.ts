import { randomUUID } from 'node:crypto';
import { deleteStreamsUnder, startNatsServer, waitFor, type OwnNatsServer } from '@mia/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConsumer } from './consumer.js';
import { createEventStore } from './event-store.js';
import {
  kitDatabase,
  recordEffect,
  SCHEMA,
  testEvents,
  testLogger,
  ThingHappened,
} from './fixtures.fixture.js';
import { createRelay } from './relay.js';
import { eventMetrics } from './metrics.js';
import { ensureStreams } from './streams.js';
import { on } from './subscription.js';

// A NATS server of this test's own, so stopping it disturbs no other suite.
let server: OwnNatsServer;
let kit: Awaited<ReturnType<typeof kitDatabase>>;
let nc: NatsConnection;
const prefix = `outage${randomUUID().slice(0, 8)}.`;

beforeAll(async () => {
  [server, kit] = await Promise.all([startNatsServer(), kitDatabase()]);
  nc = await connect({
    servers: server.url,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 100,
  });
  await ensureStreams(await jetstreamManager(nc), prefix);
});
afterAll(async () => {
  if (server?.running) await deleteStreamsUnder(server.url, prefix).catch(() => undefined);
  await nc?.close();
  await server?.dispose();
  await kit?.close();
});

const lag = async () => {
  const metric = await eventMetrics.relayLag.get();
  return metric.values.find((v) => v.labels.publisher === 'outage-relay')?.value;
};

it('loses nothing while NATS is stopped for a while', async () => {
  const store = createEventStore({ runner: kit.runner, schema: SCHEMA, definitions: testEvents });
  const relay = createRelay({
    url: kit.db.url,
    schema: SCHEMA,
    nats: nc,
    prefix,
    logger: testLogger,
    definitions: testEvents,
    publisher: 'outage-relay',
    publishTimeoutMs: 500,
    retry: { initialMs: 50, maxMs: 300 },
  });
  const consumer = createConsumer({
    runner: kit.runner,
    schema: SCHEMA,
    nats: nc,
    prefix,
    name: 'outage',
    logger: testLogger,
    ackWaitMs: 2_000,
    backoff: { initialMs: 50, maxMs: 200 },
    subscriptions: [on(ThingHappened, (_data, env, ctx) => recordEffect('outage', env, ctx))],
  });
  relay.start();
  await consumer.start();
  const append = (n: number) =>
    store.append(`s-${randomUUID()}`, 'no-stream', [
      { type: ThingHappened.type, data: { n, label: 'outage' } },
    ]);
  try {
    for (let n = 1; n <= 3; n++) await append(n);
    await waitFor(async () => (await kit.effects('outage')).length === 3);

    // Killed, not shut down: the broker crashes while events keep being committed.
    await server.stop('SIGKILL');
    for (let n = 4; n <= 8; n++) await append(n);
    // Long enough for several failed publish attempts and consumer reconnects.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await kit.effects('outage')).toHaveLength(3);
    expect(await lag()).toBe(5);

    await server.start();
    await waitFor(async () => (await kit.effects('outage')).length >= 8, {
      timeoutMs: 20_000,
      message: 'the events stored during the outage to be delivered',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const effects = await kit.effects('outage');
    expect(effects.map((e) => e.n).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const { rows } = await kit.pool.query('SELECT max(global_position) AS p FROM events');
    expect(relay.position).toBe(Number(rows[0].p));
    expect(await lag()).toBe(0);
  } finally {
    await consumer.stop();
    await relay.stop();
  }
});
