import { createTestDatabase, type TestDatabase } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../http/create-app.js';
import { boundPort, listen } from '../lifecycle/listen.js';
import { createLogger } from '../logger.js';
import { createPool } from './pool.js';

describe('a saturated connection pool', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('answers 503 with Retry-After when no connection frees up in time, and serves again after', async () => {
    const pool = createPool({
      url: db.url,
      schema: 'public',
      max: 1,
      waitMs: 200,
      applicationName: 't',
    });
    const app = createHttpApp({
      service: 'test',
      logger: createLogger('busy-test', 'silent'),
      routes(a) {
        a.get('/read', async (_req, res) => {
          const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
          res.json(rows[0]);
        });
      },
    });
    const server = await listen(app, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${boundPort(server)}/read`;
    try {
      // Every connection taken (a long transaction elsewhere in the process).
      const held = await pool.connect();
      const busy = await fetch(url);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(await busy.json()).toEqual({
        message: 'Service busy, try again shortly',
        code: 'busy',
      });

      held.release();
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(await served.json()).toEqual({ one: 1 });
    } finally {
      server.close();
      await pool.end();
    }
  });
});
