import { boundPort, startMetricsServer, stopMetricsServer } from '@mia/service-kit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deadUrl,
  request,
  startFakeService,
  startGateway,
  type FakeService,
  type TestGateway,
} from './harness.fixture.js';

const ready = (name: string) =>
  startFakeService(name, (req, res) => {
    res.writeHead(req.url === '/readyz' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ready', checks: {} }));
  });

describe('gateway health', () => {
  const open: Array<FakeService | TestGateway> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('GET /healthz answers while every service is down', async () => {
    const dead = await deadUrl();
    const gw = await startGateway({ identity: dead, billing: dead, access: dead, support: dead });
    open.push(gw);
    const res = await request(`${gw.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /readyz is 200 only when every service is ready', async () => {
    const [identity, billing, access, support] = await Promise.all(
      ['identity', 'billing', 'access', 'support'].map(ready),
    );
    open.push(identity!, billing!, access!, support!);
    const gw = await startGateway({
      identity: identity!.url,
      billing: billing!.url,
      access: access!.url,
      support: support!.url,
    });
    open.push(gw);
    const res = await request(`${gw.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { identity: 'ok', billing: 'ok', access: 'ok', support: 'ok' },
    });
    expect(identity!.seen.map((r) => r.url)).toEqual(['/readyz']);
  });

  it('GET /readyz names the services that are not ready, within the timeout', async () => {
    const identity = await ready('identity');
    const unready = await startFakeService('billing', (_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"status":"unready"}');
    });
    const hanging = await startFakeService('support', () => {
      // never answers
    });
    open.push(identity, unready, hanging);
    const dead = await deadUrl();
    const gw = await startGateway(
      { identity: identity.url, billing: unready.url, access: dead, support: hanging.url },
      { READY_TIMEOUT_MS: '300' },
    );
    open.push(gw);
    const started = Date.now();
    const res = await request(`${gw.url}/readyz`);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(res.status).toBe(503);
    expect(res.json()).toEqual({
      status: 'unready',
      checks: { identity: 'ok', billing: 'failed', access: 'failed', support: 'failed' },
    });
  });

  it('GET /readyz reads the background probes: requests never make the gateway ask the services', async () => {
    const services = await Promise.all(['identity', 'billing', 'access', 'support'].map(ready));
    open.push(...services);
    const [identity, billing, access, support] = services.map((s) => s.url) as [
      string,
      string,
      string,
      string,
    ];
    const gw = await startGateway(
      { identity, billing, access, support },
      { READY_CACHE_MS: '0', UPSTREAM_PROBE_INTERVAL_MS: '60000' },
    );
    open.push(gw);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(`${gw.url}/readyz`)),
    );
    answers.push(await request(`${gw.url}/readyz`));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    for (const service of services) expect(service.seen.map((r) => r.url)).toEqual(['/readyz']);
  });

  it('does not serve /metrics publicly; the metrics listener has the per-service samples', async () => {
    const dead = await deadUrl();
    const gw = await startGateway({ identity: dead, billing: dead, access: dead, support: dead });
    open.push(gw);
    await request(`${gw.url}/api/user`);
    const publicAnswer = await request(`${gw.url}/metrics`);
    expect(publicAnswer.text).not.toContain('http_requests_total');

    const metrics = await startMetricsServer(0, '127.0.0.1');
    try {
      const res = await request(`http://127.0.0.1:${boundPort(metrics)}/metrics`);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/http_requests_total\{[^}]*route="identity"[^}]*status="502"/);
    } finally {
      await stopMetricsServer(metrics);
    }
  });
});
