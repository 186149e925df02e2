import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { statusResponseSchema } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupportHarness, type SupportHarness } from '../support-harness.fixture.js';

/** A stand-in for billing's /readyz that the test stops and starts on the same port. */
function fakeTarget() {
  let server: Server | undefined;
  let port = 0;
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    async start() {
      server = createServer((req, res) => {
        res.writeHead(req.url === '/readyz' ? 200 : 404, { 'content-type': 'application/json' });
        res.end('{"status":"ready"}');
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    async stop() {
      const s = server;
      server = undefined;
      s?.closeAllConnections();
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
    },
  };
}

describe('the status page', () => {
  let h: SupportHarness;
  const billing = fakeTarget();
  const provider = fakeTarget();

  beforeAll(async () => {
    await billing.start();
    await provider.start();
    h = await startSupportHarness({
      STATUS_PROBE_BILLING_URL: billing.url,
      STATUS_PROBE_PAYMENT_PROVIDER_URL: provider.url,
      STATUS_PROBE_INTERVAL_MS: '250',
      STATUS_PROBE_TIMEOUT_MS: '500',
    });
  });
  afterAll(async () => {
    await h?.stop();
    await billing.stop();
    await provider.stop();
  });

  const status = async () => {
    const res = await h.call('GET', '/api/status');
    expect(res.status).toBe(200);
    return statusResponseSchema.parse(res.body);
  };
  const row = async (name: string) =>
    (await status()).services.find((s) => s.name === name)?.status;

  it('answers every row in the contract, publicly, cacheable for 10 s', async () => {
    const res = await h.call('GET', '/api/status');
    expect(res.headers.get('cache-control')).toBe('public, max-age=10');
    const body = statusResponseSchema.parse(res.body);
    expect(body.services.map((s) => s.name)).toEqual([
      'gpt-access',
      'authentication',
      'payments',
      'website',
      'dashboard',
    ]);
    expect(body.uptime.every((u) => u.days.length === 90)).toBe(true);
  });

  it('turns payments to incident within 15 s of billing stopping, and back when it returns', async () => {
    await waitFor(async () => (await row('payments')) === 'operational', {
      message: 'payments operational while billing answers',
    });
    await billing.stop();
    const stoppedAt = Date.now();
    await waitFor(async () => (await row('payments')) === 'incident', {
      timeoutMs: 15_000,
      intervalMs: 100,
      message: 'payments to show an incident',
    });
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    // Only the rows billing stands behind: authentication is not probed here, so it stays.
    expect(await row('authentication')).toBe('operational');

    await billing.start();
    await waitFor(async () => (await row('payments')) === 'operational', {
      timeoutMs: 15_000,
      intervalMs: 100,
      message: 'payments back to operational',
    });
    // Both the up and the down rounds counted in today's bar.
    const today = (await status()).uptime.find((u) => u.name === 'payments')!.days.at(-1)!;
    expect(today.availability).toBeGreaterThan(0);
    expect(today.availability).toBeLessThan(1);
  }, 40_000);

  it('lets staff post a maintenance that shows on its rows until resolved', async () => {
    const admin = await h.admin();
    const posted = await h.call('POST', '/api/admin/incidents', {
      token: admin.token,
      body: {
        type: 'maintenance',
        title: '  Mantenimiento <b>programado</b> ',
        body: 'Actualizamos la autenticación.',
        services: ['authentication', 'authentication'],
      },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      type: 'maintenance',
      // Stored as typed (trimmed); the page escapes it on display.
      title: 'Mantenimiento <b>programado</b>',
      services: ['authentication'],
    });
    expect(posted.body.resolvedAt).toBeUndefined();
    expect(await row('authentication')).toBe('maintenance');
    const listed = await h.call('GET', '/api/admin/incidents', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toContain('no-store');
    expect(listed.body.incidents.map((i: { id: string }) => i.id)).toContain(posted.body.id);
    expect((await status()).incidents[0]).toMatchObject({ id: posted.body.id });

    const resolved = await h.call('POST', `/api/admin/incidents/${posted.body.id}/resolve`, {
      token: admin.token,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));
    expect(await row('authentication')).toBe('operational');
    const again = await h.call('POST', `/api/admin/incidents/${posted.body.id}/resolve`, {
      token: admin.token,
    });
    expect(again.status).toBe(200);
  });

  it('refuses customers, bad input and unknown incidents', async () => {
    const customer = await h.customer();
    const admin = await h.admin();
    const body = { type: 'incident', title: 'Caída', body: 'Investigando.', services: ['website'] };
    expect((await h.call('POST', '/api/admin/incidents', { body })).status).toBe(401);
    expect(
      (await h.call('POST', '/api/admin/incidents', { token: customer.token, body })).status,
    ).toBe(403);
    const bad = await h.call('POST', '/api/admin/incidents', {
      token: admin.token,
      body: { ...body, type: 'outage', services: [] },
    });
    expect(bad.status).toBe(400);
    const missing = await h.call(
      'POST',
      '/api/admin/incidents/00000000-0000-4000-8000-000000000999/resolve',
      { token: admin.token },
    );
    expect(missing.status).toBe(404);
    expect(
      (await h.call('POST', '/api/admin/incidents/nope/resolve', { token: admin.token })).status,
    ).toBe(404);
  });
});
