import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { waitFor } from '@mia/testing';
import fc from 'fast-check';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TxContext } from '../db/sql.js';
import { compareCursors } from './event-rows.js';
import { createEventStore, type EventStore } from './event-store.js';
import {
  kitDatabase,
  kitNats,
  SCHEMA,
  testEvents,
  testLogger,
  ThingHappened,
} from './fixtures.fixture.js';
import type { Projection } from './projection.js';
import { createRelay } from './relay.js';
import { rebuildProjections } from './replay.js';
import { ConcurrencyError, type StoreCursor, type StoredEvent } from './types.js';

// Appends without a global lock (ADR 0014), against PostgreSQL: concurrency, store order under
// racing writers, replay equal to live.

let kit: Awaited<ReturnType<typeof kitDatabase>>;
let store: EventStore<PoolClient>;

// Per stream, order-sensitive (the history); across streams, commutative (the count): the
// shape ADR 0014 asks of projections, so replay must reproduce it exactly.
const histories: Projection<PoolClient> = {
  name: 'histories',
  handles: [ThingHappened.type],
  async apply(event, { sql }) {
    const { n } = event.data as { n: number };
    await sql.query(
      `INSERT INTO histories (stream_id, history) VALUES ($1, $2::text)
       ON CONFLICT (stream_id) DO UPDATE SET history = histories.history || ',' || EXCLUDED.history`,
      [event.streamId, n],
    );
    await sql.query(
      `INSERT INTO label_counts (label, count) VALUES ($1, 1)
       ON CONFLICT (label) DO UPDATE SET count = label_counts.count + 1`,
      [(event.data as { label: string }).label],
    );
  },
  async reset({ sql }) {
    await sql.query('TRUNCATE histories, label_counts');
  },
};

beforeAll(async () => {
  kit = await kitDatabase();
  await kit.pool.query(`
    CREATE TABLE histories (stream_id text PRIMARY KEY, history text NOT NULL);
    CREATE TABLE label_counts (label text PRIMARY KEY, count int NOT NULL);`);
  store = createEventStore({
    runner: kit.runner,
    schema: SCHEMA,
    projections: [histories],
    definitions: testEvents,
  });
});
afterAll(() => kit?.close());

const thing = (n: number, label = 'x') => ({ type: ThingHappened.type, data: { n, label } });

/** Holds a transaction open until `release` is called. */
function openAppend(streamId: string, before?: (ctx: TxContext<PoolClient>) => Promise<void>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let appended!: () => void;
  const inside = new Promise<void>((resolve) => (appended = resolve));
  const done = store.transaction(async (s) => {
    await before?.(s);
    await s.append(streamId, 'no-stream', [thing(1, streamId)]);
    appended();
    await held;
  });
  return { inside, release, done };
}

async function end(): Promise<StoreCursor | undefined> {
  let cursor: StoreCursor | undefined;
  for (;;) {
    const page = await store.readAll(cursor, 10_000);
    if (page.length === 0) return cursor;
    cursor = page.at(-1);
  }
}

describe('appends without a global lock', () => {
  it('commits an append to another stream while one transaction is still open', async () => {
    const start = await end();
    const a = `a-${randomUUID()}`;
    const b = `b-${randomUUID()}`;
    const open = openAppend(a);
    try {
      await open.inside;
      // Under the old per-service lock this append waited for the open transaction.
      // (Its own label: the count row of a shared label would be a hot row the two share.)
      const [other] = await store.append(b, 'no-stream', [thing(2, b)]);
      expect((await store.readStream(b)).map((e) => e.id)).toEqual([other!.id]);
      // Committed, but behind a running transaction with an older id: cursors wait for it.
      expect(await store.readAll(start)).toEqual([]);
    } finally {
      open.release();
      await open.done;
    }
    // Both now, the older transaction's first (waiting, as any transaction in the cluster may
    // hold the bound back a moment).
    const read = await waitFor(async () => {
      const mine = (await store.readAll(start)).filter((e) => [a, b].includes(e.streamId));
      return mine.length === 2 ? mine : undefined;
    });
    expect(read.map((e) => e.streamId)).toEqual([a, b]);
  });

  it('rejects an append from a transaction older than its stream head, and a retry succeeds', async () => {
    const stream = `s-${randomUUID()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const hasId = new Promise<void>((resolve) => (started = resolve));
    // Takes its transaction id first (any write does), then appends after a newer one did.
    const old = store.transaction(async (s) => {
      await s.sql.query('SELECT pg_current_xact_id()::text');
      started();
      await held;
      return s.append(stream, 1, [thing(2)]);
    });
    await hasId;
    await store.append(stream, 'no-stream', [thing(1)]);
    release();
    await expect(old).rejects.toBeInstanceOf(ConcurrencyError);
    await store.append(stream, 1, [thing(2)]);
    const read = await store.readStream(stream);
    expect(read.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(BigInt(read[1]!.transactionId)).toBeGreaterThan(BigInt(read[0]!.transactionId));
  });
});

describe("appends with 'any'", () => {
  it('lets 20 concurrent appends to one stream all succeed, in one version order', async () => {
    const stream = `any-${randomUUID()}`;
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.append(stream, 'any', [thing(i, stream)])),
    );
    expect(stored.flat()).toHaveLength(20);
    const read = await store.readStream(stream);
    expect(read.map((e) => e.streamVersion)).toEqual(read.map((_, i) => i + 1));
    // Later versions never sort before earlier ones in store order.
    const order = [...read].sort(compareCursors).map((e) => e.streamVersion);
    expect(order).toEqual(read.map((e) => e.streamVersion));
  });
});

interface Writer {
  stream: number;
  events: number;
  early: boolean;
  readDelay: number;
  commitDelay: number;
  abort: boolean;
}

const writer = fc.record<Writer>({
  stream: fc.integer({ min: 0, max: 3 }),
  events: fc.integer({ min: 1, max: 3 }),
  early: fc.boolean(),
  readDelay: fc.integer({ min: 0, max: 5 }),
  // Now and then a long transaction, which holds every later one back from the cursor.
  commitDelay: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 30, max: 60 })),
  abort: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

class Aborted extends Error {}

/** One writer: read, decide, append, linger, commit; retried on conflicts like a command. */
async function write(prefix: string, w: Writer, k: number): Promise<StoredEvent[]> {
  const streamId = `${prefix}-${w.stream}`;
  for (let attempt = 0; ; attempt++) {
    try {
      return await store.transaction(async (s) => {
        if (w.early) await s.sql.query('SELECT pg_current_xact_id()::text');
        await delay(w.readDelay);
        const version = (await s.readStream(streamId)).length;
        const stored = await s.append(
          streamId,
          version,
          Array.from({ length: w.events }, (_, i) => thing(k * 10 + i, prefix)),
        );
        await delay(w.commitDelay);
        if (w.abort) throw new Aborted();
        return stored;
      });
    } catch (err) {
      if (err instanceof Aborted) return [];
      if (!(err instanceof ConcurrencyError) || attempt >= 50) throw err;
    }
  }
}

/**
 * Reads on with the store's cursor while writers run, until it has passed the last event they
 * committed. (Not "until a read comes back empty": any transaction in the cluster, another
 * test's or autovacuum's, may hold committed events back for a while.)
 */
async function follow(
  start: StoreCursor | undefined,
  prefix: string,
  writing: Promise<StoredEvent[][]>,
) {
  const read: StoredEvent[] = [];
  let cursor = start;
  let target: StoreCursor | null | undefined;
  void writing.then((results) => {
    target = results.flat().sort(compareCursors).at(-1) ?? null;
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const done = target === null || (target && cursor && compareCursors(cursor, target) >= 0);
    if (done) return read;
    if (Date.now() > deadline) throw new Error('the reader never reached the last commit');
    const page = await store.readAll(cursor, 4);
    for (const e of page) if (e.streamId.startsWith(prefix)) read.push(e);
    cursor = page.at(-1) ?? cursor;
    if (page.length === 0) await delay(1);
  }
}

function checkOrder(read: StoredEvent[], committed: StoredEvent[]) {
  const ids = read.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(committed.map((e) => e.id).sort());
  const versions = new Map<string, number[]>();
  for (const e of read)
    versions.set(e.streamId, [...(versions.get(e.streamId) ?? []), e.streamVersion]);
  for (const list of versions.values()) {
    expect(list).toEqual(list.map((_, i) => i + 1));
  }
}

describe('store order under racing writers (PostgreSQL)', () => {
  it('a reader never skips, doubles or reorders an event within a stream (30 seeds)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(writer, { minLength: 2, maxLength: 8 }), async (writers) => {
        const prefix = `p${randomUUID().slice(0, 8)}`;
        const start = await end();
        const writing = Promise.all(writers.map((w, k) => write(prefix, w, k)));
        const [read, results] = await Promise.all([follow(start, prefix, writing), writing]);
        checkOrder(read, results.flat());
      }),
      { seed: 20261125, numRuns: 30 },
    );
  });

  it('the relay publishes every event of racing writers once, each stream in order', async () => {
    const nats = await kitNats();
    const published: StoredEvent[] = [];
    const prefix = `r${randomUUID().slice(0, 8)}`;
    const relay = createRelay({
      url: kit.db.url,
      schema: SCHEMA,
      nats: nats.nc,
      prefix: nats.prefix,
      logger: testLogger,
      definitions: testEvents,
      publisher: `order-${prefix}`,
      batchSize: 3,
      retry: { initialMs: 20, maxMs: 100 },
      onPublished: (event) => {
        if (event.streamId.startsWith(prefix)) published.push(event);
      },
    });
    try {
      // The relay starts at the beginning; everything before this test is published first.
      relay.start();
      const writers = fc.sample(writer, { seed: 7, numRuns: 24 });
      const committed = (await Promise.all(writers.map((w, k) => write(prefix, w, k)))).flat();
      await waitFor(() => published.length >= committed.length, {
        message: 'the relay to publish every committed event',
        timeoutMs: 20_000,
      });
      checkOrder(published, committed);
    } finally {
      await relay.stop();
      await nats.cleanup();
    }
  });
});

describe('replay under concurrent appends', () => {
  it('rebuilds what the appends kept live, also when a rebuild ran amid them', async () => {
    const prefix = `q${randomUUID().slice(0, 8)}`;
    const writers = fc.sample(writer, { seed: 11, numRuns: 30 });
    const writing = Promise.all(writers.map((w, k) => write(prefix, w, k)));
    // A rebuild in the middle: appends wait for it, and it misses and doubles nothing.
    await delay(10);
    await rebuildProjections({ runner: kit.runner, schema: SCHEMA, projections: [histories] });
    await writing;
    const snapshot = async () => ({
      histories: (await kit.pool.query('SELECT * FROM histories ORDER BY stream_id')).rows,
      counts: (await kit.pool.query('SELECT * FROM label_counts ORDER BY label')).rows,
    });
    const live = await snapshot();
    expect(live.counts.find((r) => r.label === prefix)?.count).toBeGreaterThan(0);
    await kit.pool.query('TRUNCATE histories, label_counts');
    await rebuildProjections({
      runner: kit.runner,
      schema: SCHEMA,
      projections: [histories],
      batchSize: 5,
    });
    expect(await snapshot()).toEqual(live);
  });
});
