import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventSubject, SessionsRevokedV1 } from '@mia/contracts';
import { jetstream } from '@nats-io/jetstream';
import {
  createTestDatabase,
  createTestNats,
  serviceTestEnv,
  waitFor,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema } from '../config/base.js';
import { devKeys } from '../config/dev-keys.js';
import { createSessionSigner } from '../auth/signer.js';
import { pgRunner } from '../db/pg-runner.js';
import type { ServiceDefinition } from './definition.js';
import { startService, type RunningService } from './start-service.js';

const probeService: ServiceDefinition<typeof baseConfigSchema, pg.PoolClient, pg.Pool> = {
  name: 'probe',
  configSchema: baseConfigSchema,
  migrationsDir: mkdtempSync(join(tmpdir(), 'probe-migrations-')),
  database: (pool) => ({ db: pool, runner: pgRunner(pool), close: async () => undefined }),
  routes(app, ctx) {
    app.get('/api/me', ctx.auth.requireUser, (req, res) => {
      res.json({ id: req.user?.id });
    });
  },
};

const sign = createSessionSigner({
  privateKeyPem: devKeys()!.privateKeyPem,
  issuer: 'mia-identity',
  audience: 'mia',
});

describe('session revocation reaches every service', () => {
  let db: TestDatabase;
  let nats: TestNats;
  const replicas: RunningService<typeof baseConfigSchema._output, pg.PoolClient, pg.Pool>[] = [];
  // The probe signs in to NATS as billing: only the services have users of their own, and each
  // one's revocation feed may read SessionsRevoked.
  const probeEnv = () => serviceTestEnv(db, nats, { NATS_USER: 'billing' });

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
    for (let i = 0; i < 2; i++) {
      const replica = await startService(probeService, { env: probeEnv() });
      await replica.eventsReady;
      replicas.push(replica);
    }
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.stop();
    await nats?.cleanup();
    await db?.drop();
  });

  const status = (replica: (typeof replicas)[number], token: string) =>
    fetch(`${replica.url}/api/me`, { headers: { authorization: `Bearer ${token}` } }).then(
      (r) => r.status,
    );

  async function publishRevocation(data: unknown) {
    const js = jetstream(await nats.connect());
    await js.publish(
      eventSubject(nats.prefix, SessionsRevokedV1),
      JSON.stringify({
        id: randomUUID(),
        type: SessionsRevokedV1.type,
        version: 1,
        occurredAt: new Date().toISOString(),
        streamId: 'user-x',
        correlationId: randomUUID(),
        causationId: null,
        data,
      }),
    );
  }

  it('is ready with no revocation recorded at all (nothing to wait for)', async () => {
    for (const replica of replicas) {
      await waitFor(async () => (await fetch(`${replica.url}/readyz`)).status === 200, {
        message: 'a replica of an empty stream to be ready',
      });
      expect(replica.ctx.revocations.loaded).toBe(true);
    }
  });

  it('refuses a revoked session on every replica within one second, and keeps other sessions', async () => {
    const userId = randomUUID();
    const revoked = await sign({ userId, role: 'user', sessionId: 'session-a' });
    const kept = await sign({ userId, role: 'user', sessionId: 'session-b' });
    for (const replica of replicas) expect(await status(replica, revoked.token)).toBe(200);

    const started = Date.now();
    await publishRevocation({
      userId,
      sessionIds: ['session-a'],
      revokedBefore: null,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      reason: 'logout',
    });
    for (const replica of replicas) {
      await waitFor(async () => (await status(replica, revoked.token)) === 401, {
        timeoutMs: 1_000,
        message: 'the revoked token to be refused',
      });
    }
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const replica of replicas) expect(await status(replica, kept.token)).toBe(200);
  });

  it('a replica is ready only once the revocations recorded before it started are loaded', async () => {
    const userId = randomUUID();
    const sessions = Array.from({ length: 40 }, (_, i) => `session-r${i}`);
    for (const sessionId of sessions) {
      await publishRevocation({
        userId,
        sessionIds: [sessionId],
        revokedBefore: null,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        reason: 'logout',
      });
    }
    const last = (await sign({ userId, role: 'user', sessionId: sessions.at(-1)! })).token;

    const late = await startService(probeService, { env: serviceTestEnv(db, nats) });
    replicas.push(late);
    // Whenever it first says ready, every earlier revocation is already refused.
    const report = await waitFor(
      async () => {
        const res = await fetch(`${late.url}/readyz`);
        return res.status === 200 ? ((await res.json()) as { checks: object }) : null;
      },
      { intervalMs: 5, message: 'the late replica to be ready' },
    );
    expect(report.checks).toMatchObject({ revocations: 'ok' });
    expect(await status(late, last)).toBe(401);
    expect(late.ctx.revocations.size).toBeGreaterThanOrEqual(sessions.length);
  });

  it('a replica started after the revocation refuses the session too', async () => {
    const userId = randomUUID();
    const token = (await sign({ userId, role: 'user', sessionId: 'session-c' })).token;
    await publishRevocation({
      userId,
      sessionIds: ['session-c'],
      revokedBefore: null,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      reason: 'logout',
    });
    await waitFor(async () => (await status(replicas[0]!, token)) === 401);
    const late = await startService(probeService, { env: probeEnv() });
    replicas.push(late);
    await late.eventsReady;
    await waitFor(async () => (await status(late, token)) === 401, { timeoutMs: 2_000 });
  });
});
