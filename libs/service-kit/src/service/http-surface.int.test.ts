import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  createTestNats,
  serviceTestEnv,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema } from '../config/base.js';
import { pgRunner } from '../db/pg-runner.js';
import type { ServiceDefinition } from './definition.js';
import { startService, type RunningService } from './start-service.js';

const probeService: ServiceDefinition<typeof baseConfigSchema, pg.PoolClient, pg.Pool> = {
  name: 'probe',
  configSchema: baseConfigSchema,
  migrationsDir: mkdtempSync(join(tmpdir(), 'probe-migrations-')),
  database: (pool) => ({ db: pool, runner: pgRunner(pool), close: async () => undefined }),
  routes(app) {
    // What rate limits key on.
    app.get('/api/ip', (req, res) => {
      res.json({ ip: req.ip });
    });
  },
};

type Probe = RunningService<typeof baseConfigSchema._output, pg.PoolClient, pg.Pool>;

describe('a started service over HTTP', () => {
  let db: TestDatabase;
  let nats: TestNats;
  const running: Probe[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    // The probe signs in to NATS as identity: only the services have users of their own.
    const env = serviceTestEnv(db, nats, { NATS_USER: 'identity', ...extra });
    const service = await startService(probeService, { env });
    running.push(service);
    return service;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
  });
  afterAll(async () => {
    for (const service of running) await service.stop();
    await nats?.cleanup();
    await db?.drop();
  });

  const ipSeenBy = async (service: Probe) => {
    const res = await fetch(`${service.url}/api/ip`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    return ((await res.json()) as { ip: string }).ip;
  };

  it('believes X-Forwarded-For only from TRUSTED_PROXIES', async () => {
    // The test connects from loopback: a private address that is not the configured gateway.
    const elsewhere = await start({ TRUSTED_PROXIES: '10.20.30.40, 192.168.7.0/24' });
    expect(await ipSeenBy(elsewhere)).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    // The development default, loopback, is where `npm start`'s gateway runs.
    const local = await start();
    expect(await ipSeenBy(local)).toBe('203.0.113.9');
  });

  it('serves /metrics on its own listener and not on the public port', async () => {
    const service = await start();
    await fetch(`${service.url}/api/ip`);
    const publicAnswer = await fetch(`${service.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain('http_requests_total');

    expect(service.metricsUrl).not.toBe(service.url);
    const metrics = await fetch(`${service.metricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/http_requests_total\{[^}]*route="\/api\/ip"/);
    expect((await fetch(`${service.metricsUrl}/api/ip`)).status).toBe(404);
  });

  it('refuses to start when the metrics port would be the public one', async () => {
    await expect(start({ PORT: '8123', METRICS_PORT: '8123' })).rejects.toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });
});
