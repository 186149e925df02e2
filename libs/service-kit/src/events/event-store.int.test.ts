import { randomUUID } from 'node:crypto';
import { waitFor } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithContext } from '../context.js';
import type { PoolClient } from 'pg';
import { createEventStore, type EventStore } from './event-store.js';
import { kitDatabase, SCHEMA, testEvents, ThingHappened } from './fixtures.fixture.js';
import type { Projection } from './projection.js';
import { ConcurrencyError } from './types.js';

let kit: Awaited<ReturnType<typeof kitDatabase>>;
let store: EventStore<PoolClient>;

const totals: Projection<PoolClient> = {
  name: 'totals',
  handles: [ThingHappened.type],
  async apply(event, { sql }) {
    const { n, label } = event.data as { n: number; label: string };
    if (label === 'explode') throw new Error('projection failed');
    await sql.query(
      `INSERT INTO totals (stream_id, total) VALUES ($1, $2)
       ON CONFLICT (stream_id) DO UPDATE SET total = totals.total + EXCLUDED.total`,
      [event.streamId, n],
    );
  },
  async reset({ sql }) {
    await sql.query('TRUNCATE totals');
  },
};

const thing = (n: number, label = 'x') => ({ type: ThingHappened.type, data: { n, label } });

beforeAll(async () => {
  kit = await kitDatabase();
  await kit.pool.query('CREATE TABLE totals (stream_id text PRIMARY KEY, total int NOT NULL)');
  store = createEventStore({
    runner: kit.runner,
    schema: SCHEMA,
    projections: [totals],
    definitions: testEvents,
  });
});
afterAll(() => kit?.close());

describe('optimistic concurrency', () => {
  it('rejects a stale append and keeps the stream unchanged', async () => {
    const stream = `s-${randomUUID()}`;
    await store.append(stream, 'no-stream', [thing(1)]);
    await expect(store.append(stream, 'no-stream', [thing(2)])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await store.append(stream, 1, [thing(3), thing(4)]);
    const stale = store.append(stream, 1, [thing(5)]);
    await expect(stale).rejects.toMatchObject({ streamId: stream, expected: 1, actual: 3 });
    const events = await store.readStream(stream);
    expect(events.map((e) => [e.streamVersion, (e.data as { n: number }).n])).toEqual([
      [1, 1],
      [2, 3],
      [3, 4],
    ]);
    await store.append(stream, 'any', [thing(6)]);
    expect(
      (await store.readStream(stream, { afterVersion: 3 })).map((e) => e.streamVersion),
    ).toEqual([4]);
  });

  it('lets exactly one of two racing writers win', async () => {
    const stream = `s-${randomUUID()}`;
    await store.append(stream, 'no-stream', [thing(1)]);
    // All five decided on the same state (version 1); their appends then race.
    const seen = (await store.readStream(stream)).length;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        store.transaction((uow) => uow.append(stream, seen, [thing(10 + i)])),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((r) => r.reason instanceof ConcurrencyError)).toBe(true);
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('maps a unique-constraint race (a concurrent uncommitted version) to ConcurrencyError', async () => {
    const stream = `s-${randomUUID()}`;
    await store.append(stream, 'no-stream', [thing(1)]);
    const rogue = await kit.pool.connect();
    try {
      await rogue.query('BEGIN');
      await rogue.query(
        `INSERT INTO events (stream_id, version, id, type, event_version, data, metadata)
         VALUES ($1, 2, $2, 'Rogue', 1, '{}', '{}')`,
        [stream, randomUUID()],
      );
      // The append sees version 1, then blocks on the uncommitted version 2 until it commits.
      // Its outcome is taken at once: it may settle while the COMMIT below is still answering.
      const append = store.append(stream, 1, [thing(2)]).then(
        () => 'appended',
        (error: unknown) => error,
      );
      await waitFor(
        async () => {
          const { rows } = await kit.pool.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows.length > 0;
        },
        { message: 'the append to wait on the rogue row' },
      );
      await rogue.query('COMMIT');
      expect(await append).toBeInstanceOf(ConcurrencyError);
    } finally {
      rogue.release();
    }
  });

  it("an optimistic 'any' append fails on a concurrent one instead of queueing behind it", async () => {
    const stream = `s-${randomUUID()}`;
    await store.append(stream, 'any', [thing(1)], { optimistic: true });
    const rogue = await kit.pool.connect();
    try {
      await rogue.query('BEGIN');
      await rogue.query(
        `INSERT INTO events (stream_id, version, id, type, event_version, data, metadata)
         VALUES ($1, 2, $2, 'Rogue', 1, '{}', '{}')`,
        [stream, randomUUID()],
      );
      const append = store.append(stream, 'any', [thing(2)], { optimistic: true }).then(
        () => 'appended',
        (error: unknown) => error,
      );
      await waitFor(
        async () => {
          const { rows } = await kit.pool.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows.length > 0;
        },
        { message: 'the append to wait on the rogue row' },
      );
      await rogue.query('COMMIT');
      expect(await append).toBeInstanceOf(ConcurrencyError);
      // Tried again, it goes after what is there.
      await store.append(stream, 'any', [thing(3)], { optimistic: true });
      expect((await store.readStream(stream)).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    } finally {
      rogue.release();
    }
  });
});

describe('appending', () => {
  it('applies projections in the same transaction', async () => {
    const stream = `s-${randomUUID()}`;
    await store.append(stream, 'no-stream', [thing(2), thing(3)]);
    const { rows } = await kit.pool.query('SELECT total FROM totals WHERE stream_id = $1', [
      stream,
    ]);
    expect(rows).toEqual([{ total: 5 }]);

    // A failing projection rolls the append back: no event without its read model.
    await expect(store.append(stream, 2, [thing(7, 'explode')])).rejects.toThrow(
      'projection failed',
    );
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('records metadata from the current request context', async () => {
    const stream = `s-${randomUUID()}`;
    const ctx = { requestId: 'req-1', correlationId: 'corr-1', causationId: 'cause-1' };
    const [event] = await runWithContext(ctx, () => store.append(stream, 'no-stream', [thing(1)]));
    expect(event?.metadata).toEqual(ctx);
    const [read] = await store.readStream(stream);
    expect(read).toEqual(event);
    expect(read?.globalPosition).toBeTypeOf('number');
    expect(read?.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('validates integration events against their contract and allows domain-only events', async () => {
    const stream = `s-${randomUUID()}`;
    await expect(
      store.append(stream, 'no-stream', [{ type: ThingHappened.type, data: { n: 'one' } }]),
    ).rejects.toThrow();
    const [domain] = await store.append(stream, 'no-stream', [
      { type: 'SomethingInternal', data: { anything: true } },
    ]);
    expect(domain?.data).toEqual({ anything: true });
  });

  it('notifies the relay channel only when the transaction commits', async () => {
    const listener = new pg.Client({ connectionString: kit.db.url });
    await listener.connect();
    const received: string[] = [];
    listener.on('notification', (n) => received.push(n.channel));
    await listener.query(`LISTEN ${SCHEMA}_events`);
    try {
      await store
        .transaction(async (uow) => {
          await uow.append(`s-${randomUUID()}`, 'no-stream', [thing(1)]);
          throw new Error('abort');
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([]);
      await store.append(`s-${randomUUID()}`, 'no-stream', [thing(1)]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([`${SCHEMA}_events`]);
    } finally {
      await listener.end();
    }
  });

  it('reads all events in store order after a cursor', async () => {
    const before = await store.readAll(undefined, 100_000);
    const last = before.at(-1);
    const stream = `s-${randomUUID()}`;
    await store.append(stream, 'no-stream', [thing(1), thing(2), thing(3)]);
    // Waiting: any transaction in the cluster may hold committed events back a moment.
    const after = await waitFor(async () => {
      const mine = (await store.readAll(last, 100_000)).filter((e) => e.streamId === stream);
      return mine.length === 3 ? mine : undefined;
    });
    expect(after.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(after[0]!.globalPosition).toBeLessThan(after[1]!.globalPosition);
    expect(await store.readAll(last, 2)).toHaveLength(2);
  });
});
