import { accessGptResponseSchema, dashboardResponseSchema } from '@mia/contracts';
import type { EventPublisher } from '@mia/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  registerUser,
  accessTestBed,
  type RunningAccess,
  type TestUser,
} from '../access-harness.fixture.js';

describe('opening a tool (POST /api/access-gpt)', () => {
  const bed = accessTestBed({ PUBLIC_ORIGIN: 'http://localhost:8080' });
  let access: RunningAccess;
  let identity: EventPublisher;
  let admin: TestUser;

  beforeAll(async () => {
    ({ access, identity } = bed);
    admin = await registerUser(identity, access, 'admin');
  });

  const grant = (user: TestUser, productId: string) =>
    call(access.url, 'POST', '/api/admin/grant-access', {
      token: admin.token,
      body: { email: user.email, productId },
    });

  it('refuses a tool the user may not use, in Spanish, and an unknown product', async () => {
    const user = await registerUser(identity, access);
    const denied = await call(access.url, 'POST', '/api/access-gpt', {
      token: user.token,
      body: { productId: 'apocalipsis' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(
      'No tienes acceso a Estudio de Apocalipsis. Puedes comprarlo desde tu panel de Ministerio IA.',
    );
    const unknown = await call(access.url, 'POST', '/api/access-gpt', {
      token: user.token,
      body: { productId: 'no-existe' },
    });
    expect(unknown.status).toBe(400);
    const anonymous = await call(access.url, 'POST', '/api/access-gpt', {
      body: { productId: 'apocalipsis' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('counts every one of 50 concurrent opens exactly once', async () => {
    const user = await registerUser(identity, access);
    expect((await grant(user, 'generador-sermones')).status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(access.url, 'POST', '/api/access-gpt', {
          token: user.token,
          body: { productId: 'generador-sermones' },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const parsed = answers.map((a) => accessGptResponseSchema.parse(a.body));
    // Each open saw its own total: 1..50, none repeated, none lost.
    expect(parsed.map((a) => a.totalUsage).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    // The seeded destination outside production: the local stand-in page for the chatbot.
    expect(parsed[0]).toMatchObject({
      gptUrl: 'http://localhost:8080/api/gpt/stand-in/generador-sermones',
      productName: 'Generador de Sermones',
    });

    const dashboard = dashboardResponseSchema.parse(
      (await call(access.url, 'GET', '/api/dashboard', { token: user.token })).body,
    );
    expect(dashboard.purchasedGpts).toEqual([
      { modelId: 'generador-sermones', queriesUsed: 50, lastAccessed: expect.any(String) },
    ]);
    const uses = await access.ctx.events.readStream(`usage-${user.id}`);
    expect(uses.filter((e) => e.type === 'GptOpened')).toHaveLength(50);
  });
});
