import { randomUUID } from 'node:crypto';
import { createTestDatabase, waitFor, type TestDatabase } from '@mia/testing';
import type { Pool } from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, pgRunner, runMigrations } from '../db/index.js';
import { createEventStore } from './event-store.js';
import { testLogger } from './fixtures.fixture.js';

// The kit migration of ADR 0014 on a store written before it: old events keep their order,
// before every new one, and a recorded relay position still means the same place.

const SCHEMA = 'legacy';
let db: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations({ url: db.url, schema: SCHEMA, dirs: [], logger: testLogger });
  pool = createPool({ url: db.url, schema: SCHEMA, applicationName: 'kit-test', max: 5 });
  // Back to the store as it was: no transaction ids, this migration not applied.
  await pool.query(`
    ALTER TABLE relay_position DROP COLUMN transaction_id;
    DROP INDEX events_store_order;
    ALTER TABLE events DROP COLUMN transaction_id;
    DELETE FROM schema_migrations WHERE version = '20261125221400';`);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

it('keeps the order of events written before it, and where the relay had got to', async () => {
  // Old rows as the serialised appends wrote them, in several transactions.
  for (let i = 1; i <= 6; i++) {
    await pool.query(
      `INSERT INTO events (stream_id, version, id, type, event_version, data, metadata)
       VALUES ($1, $2, $3, 'Old', 1, $4, '{}')`,
      [`old-${i % 2}`, Math.ceil(i / 2), randomUUID(), JSON.stringify({ i })],
    );
  }
  await pool.query("INSERT INTO relay_position (publisher, position) VALUES ('relay', 4)");

  await runMigrations({ url: db.url, schema: SCHEMA, dirs: [], logger: testLogger });

  const store = createEventStore({ runner: pgRunner(pool), schema: SCHEMA, definitions: [] });
  const [fresh] = await store.append('new', 'no-stream', [{ type: 'New', data: { i: 7 } }]);
  // (Waiting: any transaction in the cluster may hold the new event back a moment.)
  const all = await waitFor(async () => {
    const read = await store.readAll();
    return read.length === 7 ? read : undefined;
  });
  expect(all.map((e) => (e.data as { i: number }).i)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(all.slice(0, 6).every((e) => e.transactionId === '0')).toBe(true);
  expect(BigInt(fresh!.transactionId)).toBeGreaterThan(0n);

  // The relay's recorded position 4 reads as (transaction 0, position 4): it resumes at 5.
  const { rows } = await pool.query(
    "SELECT transaction_id::text AS tx, position FROM relay_position WHERE publisher = 'relay'",
  );
  const cursor = { transactionId: rows[0].tx as string, globalPosition: Number(rows[0].position) };
  expect((await store.readAll(cursor)).map((e) => (e.data as { i: number }).i)).toEqual([5, 6, 7]);
});
