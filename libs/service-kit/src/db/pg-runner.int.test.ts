import { createTestDatabase, type TestDatabase } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgRunner } from './pg-runner.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

it('with prepare, plans each statement once per connection, in and out of transactions', async () => {
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    const runner = pgRunner(pool, { prepare: true });
    const text = 'SELECT $1::int + 1 AS next';
    expect(await runner.sql.query(text, [1])).toEqual([{ next: 2 }]);
    const inside = await runner.transaction(async ({ sql }) => {
      const [row] = await sql.query<{ next: number }>(text, [41]);
      return { next: row?.next, prepared: await sql.query(PREPARED, [text]) };
    });
    expect(inside).toEqual({ next: 42, prepared: [{ count: 1 }] });

    const plain = pgRunner(pool);
    await plain.sql.query('SELECT $1::int AS n', [3]);
    expect(await plain.sql.query(PREPARED, ['SELECT $1::int AS n'])).toEqual([{ count: 0 }]);
  } finally {
    await pool.end();
  }
});

const PREPARED = 'SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement = $1';
