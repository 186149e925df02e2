import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eventSubject, type EventDefinition, type EventEnvelope } from '@mia/contracts';
import { spawnTs, waitFor, adminConnectOptions } from '@mia/testing';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentContext, type RequestContext } from '../context.js';
import { createConsumer, type ConsumerOptions, type EventConsumer } from './consumer.js';
import { NATS_HEADER_ERROR } from './envelope.js';
import {
  kitDatabase,
  kitNats,
  OtherThingHappened,
  recordEffect,
  SCHEMA,
  testLogger,
  ThingHappened,
} from './fixtures.fixture.js';
import { createEventStore } from './event-store.js';
import { processOnce } from './inbox.js';
import { dlqSubject } from './streams.js';
import { on } from './subscription.js';
import type { PoolClient } from 'pg';

let kit: Awaited<ReturnType<typeof kitDatabase>>;
let nats: Awaited<ReturnType<typeof kitNats>>;
const running: EventConsumer[] = [];

beforeAll(async () => {
  kit = await kitDatabase();
});
// Each test gets its own subject prefix and streams: consumers start from the stream's beginning.
beforeEach(async () => {
  nats = await kitNats();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
  await nats?.cleanup();
});
afterAll(() => kit?.close());

function envelope(data: unknown, def: EventDefinition = ThingHappened): EventEnvelope {
  return {
    id: randomUUID(),
    type: def.type,
    version: def.version,
    occurredAt: new Date().toISOString(),
    streamId: `s-${randomUUID()}`,
    correlationId: randomUUID(),
    causationId: null,
    data,
  };
}

/** Publishes without a msg id, so the broker stores every copy (a redelivery from the consumer's view). */
async function publish(env: EventEnvelope, def: EventDefinition = ThingHappened, copies = 1) {
  const js = jetstream(nats.nc);
  for (let i = 0; i < copies; i++) {
    await js.publish(eventSubject(nats.prefix, def), JSON.stringify(env));
  }
}

function consumer(name: string, extra: Partial<ConsumerOptions<PoolClient>> = {}): EventConsumer {
  const c = createConsumer({
    runner: kit.runner,
    schema: SCHEMA,
    nats: nats.nc,
    prefix: nats.prefix,
    name,
    logger: testLogger,
    ackWaitMs: 2_000,
    backoff: { initialMs: 50, maxMs: 200 },
    subscriptions: [on(ThingHappened, (_data, env, ctx) => recordEffect(name, env, ctx))],
    ...extra,
  });
  running.push(c);
  return c;
}

async function settled(name: string) {
  const info = await nats.jsm.consumers.info(nats.streams.events, name);
  return info.num_pending === 0 && info.num_ack_pending === 0;
}

describe('consumer', () => {
  it('keeps receiving after its subscriptions change, without a second effect', async () => {
    const before = consumer('evolving');
    await before.start();
    const first = envelope({ n: 1, label: 'before the change' });
    await publish(first);
    await waitFor(async () => (await kit.effects('evolving')).length === 1);
    await before.stop();
    running.splice(running.indexOf(before), 1);

    // A new release subscribes to a second event: the durable's filter changes.
    const after = consumer('evolving', {
      subscriptions: [
        on(ThingHappened, (_data, env, ctx) => recordEffect('evolving', env, ctx)),
        on(OtherThingHappened, (_data, env, ctx) => recordEffect('evolving', env, ctx)),
      ],
    });
    await after.start();
    const second = envelope({ n: 2, label: 'after the change' });
    const other = envelope({ n: 3 }, OtherThingHappened);
    await publish(second);
    await publish(other, OtherThingHappened);
    await waitFor(async () => (await kit.effects('evolving')).length === 3, {
      message: 'both new events handled',
    });
    await waitFor(() => settled('evolving'));
    // Different streams are handled in parallel, so only the set (each once) is fixed.
    expect((await kit.effects('evolving')).map((e) => e.n).sort()).toEqual([1, 2, 3]);
  });

  it('handles each event once, inside the event context', async () => {
    const seen: (RequestContext | undefined)[] = [];
    const c = consumer('basic', {
      subscriptions: [
        on(ThingHappened, async (data, env, ctx) => {
          expect(data.label).toBe('hello');
          seen.push(currentContext());
          await recordEffect('basic', env, ctx);
        }),
      ],
    });
    await c.start();
    const env = envelope({ n: 1, label: 'hello' });
    await publish(env);
    await waitFor(async () => (await kit.effects('basic')).length === 1);
    expect(seen[0]).toMatchObject({ correlationId: env.correlationId, causationId: env.id });
    await waitFor(() => settled('basic'), { message: 'the message to be acked' });
  });

  it('gives the same event delivered twice one effect', async () => {
    await consumer('twice').start();
    const env = envelope({ n: 2, label: 'twice' });
    await publish(env, ThingHappened, 2);
    await waitFor(() => settled('twice'));
    expect(await kit.effects('twice')).toEqual([{ event_id: env.id, n: 2 }]);
  });

  it('gives the same event delivered 20 times concurrently one effect', async () => {
    // Three replicas of one durable consumer share 20 copies of the event.
    await Promise.all(['a', 'b', 'c'].map(() => consumer('twenty', { concurrency: 8 }).start()));
    const env = envelope({ n: 20, label: 'twenty' });
    await publish(env, ThingHappened, 20);
    await waitFor(() => settled('twenty'));
    expect(await kit.effects('twenty')).toEqual([{ event_id: env.id, n: 20 }]);
  });

  it('inbox: 20 concurrent attempts at one event run the effect once', async () => {
    const eventId = randomUUID();
    let inside = 0;
    let maxInside = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        processOnce(kit.runner, SCHEMA, 'inbox-race', eventId, async (ctx) => {
          inside += 1;
          maxInside = Math.max(maxInside, inside);
          await recordEffect('inbox-race', { id: eventId, data: {} }, ctx);
          await new Promise((resolve) => setTimeout(resolve, 100));
          inside -= 1;
        }),
      ),
    );
    expect(results.filter((r) => r.processed)).toHaveLength(1);
    expect(maxInside).toBe(1);
    expect(await kit.effects('inbox-race')).toHaveLength(1);
    // A failed first attempt leaves no inbox row: the next attempt does the work.
    const failing = randomUUID();
    await expect(
      processOnce(kit.runner, SCHEMA, 'inbox-race', failing, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const retry = await processOnce(kit.runner, SCHEMA, 'inbox-race', failing, async () => 'ok');
    expect(retry).toEqual({ processed: true, result: 'ok' });
  });

  it('crashing after its effect and before its ack produces no second effect', async () => {
    const name = 'crashy';
    const env = envelope({ n: 7, label: 'crash' });
    await publish(env);
    const child = await spawnTs(
      fileURLToPath(new URL('./consumer-child.fixture.ts', import.meta.url)),
      {
        CONSUMER_CHILD: JSON.stringify({
          dbUrl: kit.db.url,
          // The admin user on the run's authenticated server.
          nats: adminConnectOptions(nats.url),
          prefix: nats.prefix,
          name,
          ackWaitMs: 1_000,
        }),
      },
    );
    const exit = await child.exited;
    expect(exit.signal, exit.output).toBe('SIGKILL');
    expect(await kit.effects(name)).toHaveLength(1);
    const unacked = await nats.jsm.consumers.info(nats.streams.events, name);
    expect(unacked.num_ack_pending).toBe(1);

    // The restarted consumer gets the redelivery after ack_wait and only acks it.
    await consumer(name, { ackWaitMs: 1_000 }).start();
    await waitFor(() => settled(name), { message: 'the redelivered message to be acked' });
    const info = await nats.jsm.consumers.info(nats.streams.events, name);
    expect(info.num_redelivered + info.delivered.consumer_seq).toBeGreaterThan(1);
    expect(await kit.effects(name)).toEqual([{ event_id: env.id, n: 7 }]);
  });

  it('parks a poison message after maxDeliver attempts; other streams flow meanwhile, its own stream waits and keeps its order', async () => {
    const name = 'poison';
    const attempts = new Map<string, number>();
    const c = consumer(name, {
      maxDeliver: 3,
      backoff: { initialMs: 300, maxMs: 600 },
      subscriptions: [
        on(ThingHappened, async (data, env, ctx) => {
          attempts.set(env.id, (attempts.get(env.id) ?? 0) + 1);
          if (data.label === 'poison') throw new Error('cannot digest');
          await recordEffect(name, env, ctx);
        }),
        on(OtherThingHappened, (_data, env, ctx) => recordEffect(name, env, ctx)),
      ],
    });
    await c.start();
    const poison = envelope({ n: 0, label: 'poison' });
    const sameStream = [1, 2, 3].map((n) => ({
      ...envelope({ n, label: 'fine' }),
      streamId: poison.streamId,
    }));
    const otherStreams = [10, 11].map((n) => envelope({ n, label: 'elsewhere' }));
    await publish(poison);
    for (const env of sameStream) await publish(env);
    for (const env of otherStreams) await publish(env);

    // Other streams are done while the poison is still being retried; its own stream is not.
    await waitFor(async () => (await kit.effects(name)).length === 2, { timeoutMs: 2_000 });
    // (Different streams run in parallel, so their order among themselves is not asserted.)
    expect((await kit.effects(name)).map((e) => e.n).sort()).toEqual([10, 11]);
    const parkedEarly = await kit.pool.query('SELECT 1 FROM parked_events WHERE consumer = $1', [
      name,
    ]);
    expect(parkedEarly.rows).toHaveLength(0);

    await waitFor(() => settled(name), { message: 'the poison message to be parked' });
    expect(attempts.get(poison.id)).toBe(3);
    const { rows } = await kit.pool.query(
      'SELECT event_id, event_type, deliveries, error FROM parked_events WHERE consumer = $1',
      [name],
    );
    expect(rows).toEqual([
      {
        event_id: poison.id,
        event_type: ThingHappened.type,
        deliveries: 3,
        error: 'cannot digest',
      },
    ]);
    const dead = await nats.jsm.streams.getMessage(nats.streams.dlq, {
      last_by_subj: dlqSubject(nats.prefix, name, ThingHappened.type),
    });
    expect(dead?.json<EventEnvelope>().id).toBe(poison.id);
    expect(dead?.header.get(NATS_HEADER_ERROR)).toBe('cannot digest');
    // After the poison was parked, the rest of its stream followed in stream order.
    expect((await kit.effects(name)).map((e) => e.n).slice(2)).toEqual([1, 2, 3]);
  });

  it('parks invalid messages at once', async () => {
    const name = 'invalid';
    await consumer(name, { maxDeliver: 5 }).start();
    const js = jetstream(nats.nc);
    await js.publish(eventSubject(nats.prefix, ThingHappened), 'not json');
    const badData = envelope({ n: 'three' });
    await publish(badData);
    await waitFor(() => settled(name));
    const { rows } = await kit.pool.query(
      // Parked concurrently, so ordered by content rather than arrival.
      'SELECT event_id, deliveries FROM parked_events WHERE consumer = $1 ORDER BY event_id NULLS FIRST',
      [name],
    );
    expect(rows).toEqual([
      { event_id: null, deliveries: 1 },
      { event_id: badData.id, deliveries: 1 },
    ]);
    expect(await kit.effects(name)).toEqual([]);
  });

  it('commits a reaction (events appended in the handler) together with the inbox row', async () => {
    const name = 'reactor';
    const store = createEventStore({ runner: kit.runner, schema: SCHEMA });
    let attempts = 0;
    await consumer(name, {
      subscriptions: [
        on(ThingHappened, async (data, env, ctx) => {
          attempts += 1;
          await ctx.append(`reaction-${env.id}`, 'no-stream', [
            { type: 'ReactionRecorded', data: { n: data.n } },
          ]);
          // The first attempt fails after appending: its event must vanish with it.
          if (attempts === 1) throw new Error('transient');
        }),
      ],
    }).start();
    const env = envelope({ n: 5, label: 'react' });
    await publish(env);
    await waitFor(() => settled(name).then((done) => done && attempts >= 2));
    expect(attempts).toBe(2);
    const reaction = await store.readStream(`reaction-${env.id}`);
    expect(reaction.map((e) => [e.type, e.data, e.metadata.causationId])).toEqual([
      ['ReactionRecorded', { n: 5 }, env.id],
    ]);
    expect(reaction[0]?.metadata.correlationId).toBe(env.correlationId);
  });

  it('drains on stop: handlers in flight finish and commit', async () => {
    const name = 'drain';
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const c = consumer(name, {
      subscriptions: [
        on(ThingHappened, async (_data, env, ctx) => {
          await gate;
          await recordEffect(name, env, ctx);
        }),
      ],
    });
    await c.start();
    const env = envelope({ n: 9, label: 'slow' });
    await publish(env);
    await waitFor(
      async () => (await nats.jsm.consumers.info(nats.streams.events, name)).num_ack_pending === 1,
    );
    const stopped = c.stop();
    setTimeout(release, 100);
    await stopped;
    expect(await kit.effects(name)).toEqual([{ event_id: env.id, n: 9 }]);
    expect(await settled(name)).toBe(true);
  });
});
