import { createTestDatabase, type TestDatabase } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createSweep } from './sweep.js';

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const logger = createLogger('sweep-test', 'silent');

describe('a sweep', () => {
  it('runs on one replica at a time, handles each due item apart, and keeps failures due', async () => {
    const handled: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const replica = (items: number[]) =>
      createSweep({
        name: 'things',
        schema: 'svc',
        pool,
        logger,
        intervalMs: 60_000,
        due: async () => {
          await gate;
          return items;
        },
        handle: async (item) => {
          if (item === 2) throw new Error('provider down');
          handled.push(item);
          return item !== 3;
        },
        describe: (item) => ({ item }),
      });
    const first = replica([1, 2, 3, 4]);
    const second = replica([9]);
    const running = first.sweep();
    // Calls during a run share it; the other replica finds the lock taken and does nothing.
    expect(first.sweep()).toBe(running);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await second.sweep()).toBe(0);
    release();
    // 1 and 4 did something, 3 had nothing to do, 2 failed and stays due for the next run.
    expect(await running).toBe(2);
    expect(handled).toEqual([1, 3, 4]);
    // The lock is free again once the run is over.
    expect(await second.sweep()).toBe(1);
  });
});
