import { randomUUID } from 'node:crypto';
import { eventSubject, type EventEnvelope } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCommandHandler } from '../domain/command-handler.js';
import { ledger } from '../domain/ledger.fixture.js';
import { createConsumer, type EventConsumer } from './consumer.js';
import { createEventStore } from './event-store.js';
import { kitDatabase, kitNats, SCHEMA, testLogger, ThingHappened } from './fixtures.fixture.js';
import { on, type StreamOrdering } from './subscription.js';

let kit: Awaited<ReturnType<typeof kitDatabase>>;
let nats: Awaited<ReturnType<typeof kitNats>>;
const running: EventConsumer[] = [];

beforeAll(async () => {
  kit = await kitDatabase();
  await kit.pool.query('CREATE TABLE latest (stream_id text PRIMARY KEY, n int NOT NULL)');
});
beforeEach(async () => {
  nats = await kitNats();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
  await nats?.cleanup();
});
afterAll(() => kit?.close());

const versionOf = (streamId: string, streamVersion: number): EventEnvelope => ({
  id: randomUUID(),
  type: ThingHappened.type,
  version: 1,
  occurredAt: new Date().toISOString(),
  streamId,
  streamVersion,
  correlationId: randomUUID(),
  causationId: null,
  data: { n: streamVersion, label: `v${streamVersion}` },
});

async function publishAll(envelopes: EventEnvelope[]) {
  const js = jetstream(nats.nc);
  for (const env of envelopes) {
    await js.publish(eventSubject(nats.prefix, ThingHappened), JSON.stringify(env));
  }
}

/** A read model that keeps only the latest state of each stream (last writer wins). */
function latestReplica(name: string, ordering: StreamOrdering) {
  const c = createConsumer({
    runner: kit.runner,
    schema: SCHEMA,
    nats: nats.nc,
    prefix: nats.prefix,
    name,
    logger: testLogger,
    concurrency: 4,
    subscriptions: [
      on(
        ThingHappened,
        async (data, env, { sql }) => {
          await sql.query(
            `INSERT INTO latest (stream_id, n) VALUES ($1, $2)
             ON CONFLICT (stream_id) DO UPDATE SET n = EXCLUDED.n`,
            [env.streamId, data.n],
          );
        },
        { ordering },
      ),
    ],
  });
  running.push(c);
  return c;
}

const latest = async (streamId: string) =>
  (await kit.pool.query('SELECT n FROM latest WHERE stream_id = $1', [streamId])).rows[0]?.n;

const inboxCount = async (name: string) =>
  Number(
    (await kit.pool.query('SELECT count(*) FROM inbox WHERE consumer = $1', [name])).rows[0].count,
  );

describe('ordering by stream version', () => {
  it('newest-wins: events delivered out of order, across two replicas, end as in order', async () => {
    const name = `latest-${randomUUID().slice(0, 8)}`;
    // Two replicas share one durable consumer, as two processes of a service do.
    await latestReplica(name, 'newest-wins').start();
    await latestReplica(name, 'newest-wins').start();
    const streams = Array.from({ length: 10 }, () => `s-${randomUUID()}`);
    // Each stream's versions arrive shuffled, the newest never last.
    const order = [1, 2, 5, 3, 4];
    await publishAll(streams.flatMap((s) => order.map((v) => versionOf(s, v))));
    await waitFor(async () => (await inboxCount(name)) === streams.length * order.length, {
      message: 'every event to be handled',
    });
    for (const s of streams) expect(await latest(s)).toBe(5);
  });

  it('without the guard the late event undoes the newer one (what newest-wins prevents)', async () => {
    const name = `naive-${randomUUID().slice(0, 8)}`;
    await latestReplica(name, 'any').start();
    const stream = `s-${randomUUID()}`;
    await publishAll([1, 2, 5, 3, 4].map((v) => versionOf(stream, v)));
    await waitFor(async () => (await inboxCount(name)) === 5);
    expect(await latest(stream)).toBe(4);
  });

  it('a reaction that runs a decider: 20 concurrent copies of one event, over two replicas, have one effect', async () => {
    const name = `ledger-${randomUUID().slice(0, 8)}`;
    const store = createEventStore({ runner: kit.runner, schema: SCHEMA });
    const replica = () => {
      const c = createConsumer({
        runner: kit.runner,
        schema: SCHEMA,
        nats: nats.nc,
        prefix: nats.prefix,
        name,
        logger: testLogger,
        subscriptions: [
          on(ThingHappened, async (data, env, ctx) => {
            await ctx.decide(`ledger-${name}`, ledger, {
              kind: 'deposit',
              ref: env.id,
              amount: data.n,
            });
          }),
        ],
      });
      running.push(c);
      return c;
    };
    await replica().start();
    await replica().start();
    const env = versionOf(`s-${randomUUID()}`, 3);
    await publishAll(Array(20).fill(env));
    const other = versionOf(`s-${randomUUID()}`, 4);
    await publishAll([other]);
    await waitFor(async () => (await store.readStream(`ledger-${name}`)).length === 2, {
      message: 'both deposits',
    });
    const commands = createCommandHandler({ store, clock: () => new Date(), newId: randomUUID });
    expect((await commands.load(`ledger-${name}`, ledger)).state).toEqual({
      balance: 7,
      refs: expect.arrayContaining([env.id, other.id]),
    });
  });
});
