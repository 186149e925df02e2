import type { PoolClient } from 'pg';
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
