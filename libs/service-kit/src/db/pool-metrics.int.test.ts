import { createTestDatabase, type TestDatabase } from '@mia/testing';
import { register } from 'prom-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { observePool } from './pool-metrics.js';
import { createPool } from './pool.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/** The pool's line for `state` in what /metrics would serve, or undefined. */
async function clients(pool: string, state: string): Promise<number | undefined> {
  const text = await register.metrics();
  const line = new RegExp(`^db_pool_clients\\{pool="${pool}",state="${state}"\\} (\\d+)$`, 'm');
  const match = line.exec(text);
  return match ? Number(match[1]) : undefined;
}

it('shows requests waiting for a connection while the pool is exhausted, and forgets an ended pool', async () => {
  const pool = createPool({ url: db.url, schema: 'public', max: 1, applicationName: 'metrics-t' });
  observePool(pool, 'metrics-t');
  const held = await pool.connect();
  const waiting = [pool.query('SELECT 1'), pool.query('SELECT 2')];
  expect(await clients('metrics-t', 'waiting')).toBe(2);
  expect(await clients('metrics-t', 'total')).toBe(1);
  expect(await clients('metrics-t', 'idle')).toBe(0);

  held.release();
  await Promise.all(waiting);
  expect(await clients('metrics-t', 'waiting')).toBe(0);
  expect(await clients('metrics-t', 'idle')).toBe(1);

  await pool.end();
  expect(await clients('metrics-t', 'total')).toBeUndefined();
});
