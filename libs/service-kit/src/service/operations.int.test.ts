import { randomUUID } from 'node:crypto';
import { eventSubject, type EventEnvelope } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConsumer, type EventConsumer } from '../events/consumer.js';
import {
  kitDatabase,
  kitNats,
  recordEffect,
  SCHEMA,
  testLogger,
  ThingHappened,
} from '../events/fixtures.fixture.js';
import { on } from '../events/subscription.js';
import { listParked, redriveParked, reprocessConsumer } from './operations.js';

let kit: Awaited<ReturnType<typeof kitDatabase>>;
let nats: Awaited<ReturnType<typeof kitNats>>;
const running: EventConsumer[] = [];

beforeAll(async () => {
  kit = await kitDatabase();
});
beforeEach(async () => {
  nats = await kitNats();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
  await nats?.cleanup();
});
afterAll(() => kit?.close());

const envelope = (n: number, label: string): EventEnvelope => ({
  id: randomUUID(),
  type: ThingHappened.type,
  version: 1,
  occurredAt: new Date().toISOString(),
  streamId: `s-${randomUUID()}`,
  streamVersion: 1,
  correlationId: randomUUID(),
  causationId: null,
  data: { n, label },
});

const publish = (env: EventEnvelope) =>
  jetstream(nats.nc).publish(eventSubject(nats.prefix, ThingHappened), JSON.stringify(env));

/** A consumer whose handler has a bug for 'poison' until `fixed` is set. */
function buggyConsumer(name: string, state: { fixed: boolean }) {
  const c = createConsumer({
    runner: kit.runner,
    schema: SCHEMA,
    nats: nats.nc,
    prefix: nats.prefix,
    name,
    logger: testLogger,
    maxDeliver: 2,
    backoff: { initialMs: 20, maxMs: 40 },
    subscriptions: [
      on(ThingHappened, async (data, env, ctx) => {
        if (data.label === 'poison' && !state.fixed) throw new Error('handler bug');
        await recordEffect(name, env, ctx);
      }),
    ],
  });
  running.push(c);
  return c;
}

describe('operations on parked events and consumer read models', () => {
  it('lists a parked event and, once the bug is fixed, re-drives it to its consumer only', async () => {
    const name = `ops-${randomUUID().slice(0, 8)}`;
    const bystander = `bystander-${randomUUID().slice(0, 8)}`;
    const state = { fixed: false };
    await buggyConsumer(name, state).start();
    await buggyConsumer(bystander, { fixed: true }).start();
    const poison = envelope(1, 'poison');
    await publish(poison);
    await waitFor(async () => (await listParked(kit.runner.sql, SCHEMA)).length === 1, {
      message: 'the event to be parked',
    });
    const [parked] = await listParked(kit.runner.sql, SCHEMA);
    expect(parked).toMatchObject({ consumer: name, eventId: poison.id, error: 'handler bug' });
    await waitFor(async () => (await kit.effects(bystander)).length === 1);

    state.fixed = true;
    expect(await redriveParked(kit.runner.sql, SCHEMA, nats.nc, 'all')).toEqual([parked!.id]);
    await waitFor(async () => (await kit.effects(name)).length === 1, {
      message: 'the re-driven event to be handled',
    });
    // Nothing left to re-drive, and the consumer that had handled it did not handle it again.
    expect(await listParked(kit.runner.sql, SCHEMA)).toEqual([]);
    expect((await listParked(kit.runner.sql, SCHEMA, true))[0]?.redrivenAt).not.toBeNull();
    expect(await redriveParked(kit.runner.sql, SCHEMA, nats.nc, 'all')).toEqual([]);
    expect(await kit.effects(bystander)).toHaveLength(1);
  });

  it('reprocess empties a consumer-fed read model and rebuilds it from the start of the stream', async () => {
    const name = `reads-${randomUUID().slice(0, 8)}`;
    const first = buggyConsumer(name, { fixed: true });
    await first.start();
    for (const n of [1, 2, 3]) await publish(envelope(n, 'fine'));
    await waitFor(async () => (await kit.effects(name)).length === 3);
    await first.stop();
    running.splice(running.indexOf(first), 1);

    await reprocessConsumer({
      runner: kit.runner,
      schema: SCHEMA,
      nats: nats.nc,
      prefix: nats.prefix,
      durable: name,
      readModel: {
        consumer: name,
        reset: async ({ sql }) => {
          await sql.query('DELETE FROM effects WHERE consumer = $1', [name]);
        },
      },
    });
    expect(await kit.effects(name)).toEqual([]);
    await buggyConsumer(name, { fixed: true }).start();
    await waitFor(async () => (await kit.effects(name)).length === 3, {
      message: 'the read model rebuilt from the stream',
    });
    expect((await kit.effects(name)).map((e) => e.n).sort()).toEqual([1, 2, 3]);
  });
});
