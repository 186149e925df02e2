import type { Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoutes } from '../http/health.js';
import { boundPort, listen } from '../lifecycle/listen.js';
import { RevocationList, revocationsReadiness } from './revocations.js';

const revocations = new RevocationList();
let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(healthRoutes([revocationsReadiness(revocations)], 1_000, pino({ level: 'silent' })));
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${boundPort(server)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('readiness of the revocation list', () => {
  it('answers /readyz 503 until the list is loaded, then 200', async () => {
    const before = await fetch(`${base}/readyz`);
    expect(before.status).toBe(503);
    expect(await before.json()).toEqual({
      status: 'unready',
      checks: { revocations: 'failed' },
    });
    // Revocations arriving while it loads do not make it ready: only the feed's word does.
    revocations.revokeSession('s-1', Date.now() / 1000 + 60);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);

    revocations.markLoaded();
    const after = await fetch(`${base}/readyz`);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ status: 'ready', checks: { revocations: 'ok' } });
  });
});
