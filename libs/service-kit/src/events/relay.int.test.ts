import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eventSubject } from '@mia/contracts';
import { spawnTs, waitFor, adminConnectOptions } from '@mia/testing';
import type { PoolClient } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runWithContext } from '../context.js';
import { createConsumer, type EventConsumer } from './consumer.js';
import { NATS_HEADER_CORRELATION_ID, NATS_HEADER_REQUEST_ID } from './envelope.js';
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
const running: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  [kit, nats] = await Promise.all([kitDatabase(), kitNats()]);
  store = createEventStore({ runner: kit.runner, schema: SCHEMA, definitions: testEvents });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await nats?.cleanup();
  await kit?.close();
});

function relay(publisher = 'relay', extra: Partial<Parameters<typeof createRelay>[0]> = {}) {
  const r = createRelay({
    url: kit.db.url,
    schema: SCHEMA,
    nats: nats.nc,
    prefix: nats.prefix,
    logger: testLogger,
    definitions: testEvents,
    publisher,
    retry: { initialMs: 50, maxMs: 200 },
    standbyRetryMs: 100,
    ...extra,
  });
  r.start();
  running.push(r);
  return r;
}

async function position(publisher: string): Promise<number> {
  const { rows } = await kit.pool.query(
    'SELECT position FROM relay_position WHERE publisher = $1',
    [publisher],
  );
  return Number(rows[0]?.position ?? 0);
}

const streamMessages = async () =>
  (await nats.jsm.streams.info(nats.streams.events)).state.messages;

async function lastPosition(): Promise<number> {
  const { rows } = await kit.pool.query('SELECT max(global_position) AS p FROM events');
  return Number(rows[0].p);
}

function recordingConsumer(name: string): EventConsumer {
  const consumer = createConsumer({
    runner: kit.runner,
    schema: SCHEMA,
    nats: nats.nc,
    prefix: nats.prefix,
    name,
    logger: testLogger,
    subscriptions: [
      on(ThingHappened, async (data, envelope, { sql }) => {
        await sql.query('INSERT INTO effects (consumer, event_id, n) VALUES ($1, $2, $3)', [
          name,
          envelope.id,
          data.n,
        ]);
      }),
    ],
  });
  running.push(consumer);
  return consumer;
}

describe('relay', () => {
  it('publishes integration events with the envelope, msg id and ids in headers; skips domain events', async () => {
    const stream = `user-${randomUUID()}`;
    const ctx = { requestId: 'req-42', correlationId: 'corr-42', causationId: null };
    const [published] = await runWithContext(ctx, () =>
      store.append(stream, 'no-stream', [
        { type: ThingHappened.type, data: { n: 1, label: 'a' } },
        { type: 'DomainOnly', data: {} },
      ]),
    );
    const before = await streamMessages();
    relay('publish-test');
    await waitFor(async () => (await position('publish-test')) === (await lastPosition()), {
      message: 'relay position to reach the last event',
    });
    expect(await streamMessages()).toBe(before + 1);

    const msg = await nats.jsm.streams.getMessage(nats.streams.events, {
      last_by_subj: eventSubject(nats.prefix, ThingHappened),
    });
    expect(msg?.json()).toEqual({
      id: published!.id,
      type: ThingHappened.type,
      version: 1,
      occurredAt: published!.occurredAt,
      streamId: stream,
      streamVersion: published!.streamVersion,
      correlationId: 'corr-42',
      causationId: null,
      data: { n: 1, label: 'a' },
    });
    expect(msg?.header.get('Nats-Msg-Id')).toBe(published!.id);
    expect(msg?.header.get(NATS_HEADER_REQUEST_ID)).toBe('req-42');
    expect(msg?.header.get(NATS_HEADER_CORRELATION_ID)).toBe('corr-42');
  });

  it('wakes on commit instead of waiting for the poll', async () => {
    const r = relay('wake-test', { pollIntervalMs: 60_000 });
    await waitFor(async () => r.isLeader && r.position === (await lastPosition()));
    const started = Date.now();
    await store.append(`s-${randomUUID()}`, 'no-stream', [
      { type: ThingHappened.type, data: { n: 2, label: 'wake' } },
    ]);
    const target = await lastPosition();
    await waitFor(() => r.position === target, { timeoutMs: 3_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('lets only one relay publish; a standby takes over when the leader stops', async () => {
    const leader = relay('leader-test');
    await waitFor(() => leader.isLeader);
    const standby = relay('leader-test');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standby.isLeader).toBe(false);
    await leader.stop();
    await waitFor(() => standby.isLeader, { message: 'standby to take over' });
  });

  it('killed after publishing and before recording its position, delivers exactly once after restart', async () => {
    const publisher = 'crash-test';
    const consumer = recordingConsumer('crash-relay-consumer');
    await consumer.start();
    // Only this test's relays may publish while messages are counted.
    await Promise.all(running.filter((r) => r !== consumer).map((r) => r.stop()));
    const from = await lastPosition();
    await kit.pool.query('INSERT INTO relay_position (publisher, position) VALUES ($1, $2)', [
      publisher,
      from,
    ]);
    const [a, b] = await store.append(`s-${randomUUID()}`, 'no-stream', [
      { type: ThingHappened.type, data: { n: 100, label: 'a' } },
      { type: ThingHappened.type, data: { n: 200, label: 'b' } },
    ]);
    const messagesBefore = await streamMessages();

    const child = await spawnTs(
      fileURLToPath(new URL('./relay-child.fixture.ts', import.meta.url)),
      {
        RELAY_CHILD: JSON.stringify({
          dbUrl: kit.db.url,
          // The admin user on the run's authenticated server.
          nats: adminConnectOptions(nats.url),
          prefix: nats.prefix,
          publisher,
        }),
      },
    );
    const exit = await child.exited;
    expect(exit.signal, exit.output).toBe('SIGKILL');
    // The first event reached the broker, the position did not move, the second was never sent.
    expect(await streamMessages()).toBe(messagesBefore + 1);
    expect(await position(publisher)).toBe(from);

    const restarted = relay(publisher);
    await waitFor(() => restarted.position === b!.globalPosition, {
      message: 'restarted relay to catch up',
    });
    // The re-published first event was dropped by the broker (Nats-Msg-Id).
    expect(await streamMessages()).toBe(messagesBefore + 2);
    const effects = () => kit.effects('crash-relay-consumer');
    await waitFor(async () => (await effects()).filter((e) => e.n >= 100).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Earlier tests' events reach this consumer too; every event has exactly one effect.
    const all = await effects();
    expect(new Set(all.map((e) => e.event_id)).size).toBe(all.length);
    expect(all.filter((e) => e.n >= 100)).toEqual([
      { event_id: a!.id, n: 100 },
      { event_id: b!.id, n: 200 },
    ]);
  });
});
