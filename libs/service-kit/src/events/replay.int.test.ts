import type { PoolClient } from 'pg';
import type { TxContext } from '../db/sql.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventStore } from './event-store.js';
import {
  kitDatabase,
  OtherThingHappened,
  SCHEMA,
  testEvents,
  ThingHappened,
} from './fixtures.fixture.js';
import type { Projection } from './projection.js';
import { rebuildProjections } from './replay.js';
import type { StoredEvent } from './types.js';

let kit: Awaited<ReturnType<typeof kitDatabase>>;

// Order-sensitive on purpose: `last_label` and `history` differ if events are replayed out of order.
const summaries: Projection<PoolClient> = {
  name: 'summaries',
  handles: [ThingHappened.type],
  async apply(event, { sql }) {
    const { n, label } = event.data as { n: number; label: string };
    await sql.query(
      `INSERT INTO summaries (stream_id, total, last_label, history) VALUES ($1, $2, $3, $3)
       ON CONFLICT (stream_id) DO UPDATE SET total = summaries.total + EXCLUDED.total,
         last_label = EXCLUDED.last_label, history = summaries.history || ',' || EXCLUDED.history`,
      [event.streamId, n, label],
    );
  },
  async reset({ sql }) {
    await sql.query('DELETE FROM summaries');
  },
};

const counts: Projection<PoolClient> = {
  name: 'counts',
  handles: [ThingHappened.type, OtherThingHappened.type],
  async apply(event, { sql }) {
    await sql.query(
      `INSERT INTO type_counts (type, count, last_position) VALUES ($1, 1, $2)
       ON CONFLICT (type) DO UPDATE SET count = type_counts.count + 1, last_position = $2`,
      [event.type, event.globalPosition],
    );
  },
  async reset({ sql }) {
    await sql.query('TRUNCATE type_counts');
  },
};

beforeAll(async () => {
  kit = await kitDatabase();
  await kit.pool.query(`
    CREATE TABLE summaries (stream_id text PRIMARY KEY, total int, last_label text, history text);
    CREATE TABLE type_counts (type text PRIMARY KEY, count int, last_position bigint);`);
});
afterAll(() => kit?.close());

const snapshot = async () => ({
  summaries: (await kit.pool.query('SELECT * FROM summaries ORDER BY stream_id')).rows,
  counts: (await kit.pool.query('SELECT * FROM type_counts ORDER BY type')).rows,
});

it('replay rebuilds projections identical to the ones kept on append', async () => {
  const store = createEventStore({
    runner: kit.runner,
    schema: SCHEMA,
    projections: [summaries, counts],
    definitions: testEvents,
  });
  for (let i = 0; i < 40; i++) {
    const stream = `thing-${i % 7}`;
    const events = await store.readStream(stream);
    await store.append(stream, events.length, [
      { type: ThingHappened.type, data: { n: i, label: `l${i}` } },
      ...(i % 3 === 0 ? [{ type: OtherThingHappened.type, data: { n: i } }] : []),
      { type: 'Unprojected', data: {} },
    ]);
  }
  const live = await snapshot();
  expect(live.summaries).toHaveLength(7);

  // Damage the read models, then rebuild with pages smaller than the store.
  await kit.pool.query("UPDATE summaries SET total = -1, history = 'lost'");
  await kit.pool.query('DELETE FROM type_counts WHERE type = $1', [OtherThingHappened.type]);
  expect(await snapshot()).not.toEqual(live);

  const result = await rebuildProjections({
    runner: kit.runner,
    schema: SCHEMA,
    projections: [summaries, counts],
    batchSize: 7,
  });
  expect(result.events).toBe(40 * 2 + 14);
  expect(await snapshot()).toEqual(live);
});

it('replay hands each chunk to a batch projection in one call and ends as the appends ended', async () => {
  await kit.pool.query('CREATE TABLE batch_counts (type text PRIMARY KEY, count int)');
  const calls: number[] = [];
  const add = async (events: readonly StoredEvent[], { sql }: TxContext<PoolClient>) => {
    calls.push(events.length);
    const perType = new Map<string, number>();
    for (const e of events) perType.set(e.type, (perType.get(e.type) ?? 0) + 1);
    await sql.query(
      `INSERT INTO batch_counts (type, count) SELECT * FROM unnest($1::text[], $2::int[])
       ON CONFLICT (type) DO UPDATE SET count = batch_counts.count + EXCLUDED.count`,
      [[...perType.keys()], [...perType.values()]],
    );
  };
  const batchCounts: Projection<PoolClient> = {
    name: 'batch-counts',
    handles: [ThingHappened.type, OtherThingHappened.type],
    apply: (event, ctx) => add([event], ctx),
    applyBatch: add,
    async reset({ sql }) {
      await sql.query('TRUNCATE batch_counts');
    },
  };
  const store = createEventStore({
    runner: kit.runner,
    schema: SCHEMA,
    projections: [summaries, batchCounts],
    definitions: testEvents,
  });
  for (let i = 0; i < 20; i++) {
    await store.append(`batch-${i}`, 0, [
      { type: ThingHappened.type, data: { n: i, label: `b${i}` } },
      { type: OtherThingHappened.type, data: { n: i } },
    ]);
  }
  const rows = async () =>
    (await kit.pool.query('SELECT * FROM batch_counts ORDER BY type')).rows as unknown[];
  // The store held the first test's events before this projection existed: replay counts
  // those too, so the expectation is the store's own count.
  const { rows: stored } = await kit.pool.query(
    `SELECT type, count(*)::int AS count FROM ${SCHEMA}.events WHERE type = ANY($1::text[])
      GROUP BY type ORDER BY type`,
    [batchCounts.handles],
  );
  expect((await rows()).length).toBe(2);
  const live = { batch: stored, ...(await snapshot()) };
  await kit.pool.query('UPDATE batch_counts SET count = 0');

  calls.length = 0;
  const result = await rebuildProjections({
    runner: kit.runner,
    schema: SCHEMA,
    projections: [summaries, batchCounts],
    batchSize: 16,
  });
  expect({ batch: await rows(), ...(await snapshot()) }).toEqual(live);
  // Every event of the store went through applyBatch in chunks, none one by one; the chunks
  // skip the events it does not handle (the store's unprojected ones).
  expect(calls.length).toBe(Math.ceil(result.events / 16));
  expect(calls.every((n) => n > 1)).toBe(true);
});
