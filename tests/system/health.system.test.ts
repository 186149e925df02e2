import { statusResponseSchema } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, type ServiceName } from '../../scripts/local/services.js';
import { startSystem, type TestSystem } from '../support/system.js';

// One call each service owns, to see the gateway reach (or miss) it.
const PROBE: Record<ServiceName, { method: string; path: string }> = {
  identity: { method: 'GET', path: '/api/user' },
  billing: { method: 'POST', path: '/api/subscriptions' },
  access: { method: 'GET', path: '/api/dashboard' },
  support: { method: 'GET', path: '/api/tickets' },
};

describe('the system behind the gateway', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startSystem();
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('is ready: the gateway sees every service ready', async () => {
    const res = await fetch(`${system.baseUrl}/readyz`);
    const body = (await res.json()) as { status: string; checks: Record<string, string> };
    expect(body.checks).toEqual(Object.fromEntries(SERVICE_NAMES.map((name) => [name, 'ok'])));
    expect(res.status).toBe(200);
  });

  it('passes each service its own paths', async () => {
    for (const name of SERVICE_NAMES) {
      const { method, path } = PROBE[name];
      const res = await fetch(`${system.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      const body = await res.text();
      // Whatever the service says (401 without a session), it must be the service saying it:
      // not the gateway's own 404 for unknown paths, nor its 5xx for an unreachable service.
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(body, `${method} ${path}`).not.toContain('"code":"not_found"');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${system.baseUrl}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ message: 'Not found' });
  });

  it('serves the web app, with index.html for client routes', async () => {
    for (const path of ['/', '/dashboard', '/no-such-page']) {
      const res = await fetch(`${system.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(await res.text(), path).toMatch(/<div id="root"/);
    }
  });

  // Issue 26: the status page's payments row follows billing, from support's background probes
  // (5 s rounds, down after 2 failed ones), and returns when billing does.
  it('turns the payments row of /api/status to incident within 15 s of billing stopping, and back', async () => {
    const payments = async () => {
      const res = await fetch(`${system.baseUrl}/api/status`);
      // Public and the same for everyone: shared caches may keep it 10 s (through the gateway).
      expect(res.headers.get('cache-control')).toBe('public, max-age=10');
      const body = statusResponseSchema.parse(await res.json());
      return body.services.find((s) => s.name === 'payments')?.status;
    };
    await waitFor(async () => (await payments()) === 'operational', {
      timeoutMs: 15_000,
      intervalMs: 250,
      message: 'payments operational while billing runs',
    });
    await system.stopService('billing');
    const stoppedAt = Date.now();
    await waitFor(async () => (await payments()) === 'incident', {
      timeoutMs: 15_000,
      intervalMs: 250,
      message: 'payments to show an incident within 15 s of billing stopping',
    });
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    await system.restartService('billing');
    await waitFor(async () => (await payments()) === 'operational', {
      timeoutMs: 15_000,
      intervalMs: 250,
      message: 'payments operational again once billing is back',
    });
  }, 60_000);

  it('answers 502 JSON within 2 s for a service that stopped', async () => {
    const name: ServiceName = 'support';
    await system.stopService(name);
    const { method, path } = PROBE[name];
    const started = Date.now();
    const res = await fetch(`${system.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      message: 'Service unavailable',
      code: 'upstream_unavailable',
      service: name,
    });

    // The gateway's /readyz is one cached answer for READY_CACHE_MS (1 s): the stop shows there
    // once the answer taken before it expires, by the next probe round at the latest.
    const ready = await waitFor(
      async () => {
        const answer = await fetch(`${system.baseUrl}/readyz`);
        return answer.status === 503 ? answer : undefined;
      },
      { timeoutMs: 3_000, message: 'the gateway to report the stopped service not ready' },
    );
    expect(((await ready.json()) as { checks: Record<string, string> }).checks[name]).toBe(
      'failed',
    );
  });
});
