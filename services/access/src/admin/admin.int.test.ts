import { adminCustomerResponseSchema } from '@mia/contracts';
import { dashboardResponseSchema } from '@mia/contracts';
import type { EventPublisher } from '@mia/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  registerUser,
  accessTestBed,
  sessionToken,
  type RunningAccess,
  type TestUser,
} from '../access-harness.fixture.js';
import type { customerView } from './admin.js';

describe('admin grants, revocations and the customer view', () => {
  const bed = accessTestBed();
  let access: RunningAccess;
  let identity: EventPublisher;
  let admin: TestUser;

  beforeAll(async () => {
    ({ access, identity } = bed);
    admin = await registerUser(identity, access, 'admin');
  });

  const post = (path: string, token: string | undefined, body: unknown) =>
    call(access.url, 'POST', path, { ...(token ? { token } : {}), body });
  const owned = async (user: TestUser) =>
    dashboardResponseSchema
      .parse((await call(access.url, 'GET', '/api/dashboard', { token: user.token })).body)
      .availableProducts.filter((p) => p.purchased);

  it('refuses every admin route to a user (403) and to nobody (401), on the service itself', async () => {
    const user = await registerUser(identity, access);
    const body = { email: user.email, productId: 'all' };
    for (const [method, path] of [
      ['POST', '/api/admin/grant-access'],
      ['POST', '/api/admin/revoke-access'],
      ['GET', `/api/admin/customers?email=${encodeURIComponent(user.email)}`],
    ] as const) {
      const asUser = await call(access.url, method, path, {
        token: user.token,
        ...(method === 'POST' ? { body } : {}),
      });
      expect(asUser.status, `${method} ${path}`).toBe(403);
      const anonymous = await call(access.url, method, path, method === 'POST' ? { body } : {});
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect(await owned(user)).toEqual([]);
  });

  it('refuses an admin session made with a password only (403 second_factor_required)', async () => {
    const passwordOnly = await sessionToken(admin, ['pwd']);
    const res = await call(
      access.url,
      'GET',
      `/api/admin/customers?email=${encodeURIComponent(admin.email)}`,
      { token: passwordOnly },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'second_factor_required' });
  });

  it('grants one tool for life, idempotently, and the user sees it', async () => {
    const user = await registerUser(identity, access);
    const first = await post('/api/admin/grant-access', admin.token, {
      email: user.email.toUpperCase(),
      productId: 'manual-ceremonias',
      reason: 'Invitado especial',
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(
      `Acceso concedido a ${user.email}: Manual de Ceremonias Ministeriales de por vida.`,
    );
    const again = await post('/api/admin/grant-access', admin.token, {
      email: user.email,
      productId: 'manual-ceremonias',
      reason: 'Invitado especial',
    });
    expect(again.status).toBe(200);
    expect(again.body.granted).toBe(false);
    expect(await owned(user)).toEqual([
      expect.objectContaining({
        id: 'manual-ceremonias',
        access: { source: 'admin', until: null },
      }),
    ]);
    const grants = await access.ctx.events.readStream(`entitlements-${user.id}`);
    expect(grants.map((e) => e.type)).toEqual(['AccessGranted']);
    expect(grants[0]?.data).toMatchObject({
      source: { kind: 'admin', by: admin.id, reason: 'Invitado especial' },
    });
  });

  it('grants all tools until a date', async () => {
    const user = await registerUser(identity, access);
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const answer = await post('/api/admin/grant-access', admin.token, {
      email: user.email,
      productId: 'all',
      until,
    });
    expect(answer.status).toBe(200);
    const products = await owned(user);
    expect(products).toHaveLength(14);
    expect(products[0]?.access).toEqual({ source: 'admin', until });
  });

  it('answers 404 for an unknown e-mail and 400 for an unknown product', async () => {
    const unknown = await post('/api/admin/grant-access', admin.token, {
      email: 'nadie@iglesia.org',
      productId: 'all',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      'No existe ninguna cuenta con el e-mail nadie@iglesia.org. La persona debe registrarse primero.',
    );
    const badProduct = await post('/api/admin/grant-access', admin.token, {
      email: admin.email,
      productId: 'no-existe',
    });
    expect(badProduct.status).toBe(400);
  });

  it('revokes, and the customer view shows grants, usage and the timeline', async () => {
    const user = await registerUser(identity, access);
    await post('/api/admin/grant-access', admin.token, {
      email: user.email,
      productId: 'apocalipsis',
    });
    const opened = await post('/api/access-gpt', user.token, { productId: 'apocalipsis' });
    expect(opened.status).toBe(200);

    const revoked = await post('/api/admin/revoke-access', admin.token, {
      email: user.email,
      productId: 'apocalipsis',
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(`Acceso retirado a ${user.email}: Estudio de Apocalipsis.`);
    expect(await owned(user)).toEqual([]);
    expect((await post('/api/access-gpt', user.token, { productId: 'apocalipsis' })).status).toBe(
      403,
    );

    const view = await call<Awaited<ReturnType<typeof customerView>>>(
      access.url,
      'GET',
      `/api/admin/customers?email=${encodeURIComponent(user.email)}`,
      { token: admin.token },
    );
    expect(view.status).toBe(200);
    // The admin panel parses this answer with the contract: a drift fails here, not in the page.
    adminCustomerResponseSchema.parse(view.body);
    expect(view.body.customer).toMatchObject({ userId: user.id, email: user.email });
    expect(view.body.grants).toEqual([
      expect.objectContaining({ scope: 'apocalipsis', status: 'revoked', revokedReason: 'admin' }),
    ]);
    expect(view.body.usage).toEqual([
      expect.objectContaining({ productId: 'apocalipsis', queriesUsed: 1 }),
    ]);
    expect(view.body.timeline.map((e) => e.kind)).toEqual([
      'grant',
      'open',
      'revocation',
      // The dashboard issued the user's access code on first sight.
      'access_code',
    ]);
  });
});
