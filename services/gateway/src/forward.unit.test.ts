import { createServer as createHttpServer, type Server } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { forward, MAX_RETRY_BODY_BYTES } from './forward.js';
import { deadUrl, request, startFakeService, type FakeService } from './harness.fixture.js';
import { sendJson } from './responses.js';
import { createUpstreamPool, type PoolMember, type UpstreamPool } from './upstream-pool.js';

/** Accepts connections and resets each one as soon as a request arrives on it. */
async function resettingUrl(): Promise<{ url: string; close(): Promise<void> }> {
  const server: TcpServer = createTcpServer((socket) => {
    socket.once('data', () => socket.resetAndDestroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A forwarder over a pool whose first pick is always `first` (probes off, so the order is the
 * test's, not a probe's): what a retry does is then certain.
 */
async function forwarder(pool: UpstreamPool, first: PoolMember) {
  const failures: string[] = [];
  const target = {
    pick: (avoid?: PoolMember) => (avoid ? pool.pick(avoid) : first),
    markFailing: pool.markFailing,
  };
  const server: Server = createHttpServer((req, res) =>
    forward(req, res, target, {
      timeoutMs: 5_000,
      onFailure: (failure, err: Error & { code?: string }) => {
        failures.push(err.code ?? failure);
        sendJson(res, 502, { code: 'upstream_unavailable' });
      },
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('forward: one retry of idempotent requests on a refused or reset connection', () => {
  const open: Array<{ close(): unknown }> = [];
  afterEach(async () => {
    for (const thing of open.splice(0).reverse()) await thing.close();
  });

  async function setUp(broken: 'refused' | 'reset') {
    const live: FakeService = await startFakeService('billing');
    open.push(live);
    let brokenUrl: string;
    if (broken === 'refused') brokenUrl = await deadUrl();
    else {
      const resetting = await resettingUrl();
      open.push(resetting);
      brokenUrl = resetting.url;
    }
    const pool = createUpstreamPool([brokenUrl, live.url], {
      probeIntervalMs: 0,
      probeTimeoutMs: 1_000,
    });
    open.push(pool);
    const gateway = await forwarder(pool, pool.members[0]!);
    open.push(gateway);
    return { live, pool, gateway, broken: pool.members[0]!, other: pool.members[1]! };
  }

  it.each(['refused', 'reset'] as const)(
    'a GET whose connection is %s goes once more, to the other replica; the broken one is marked failing',
    async (broken) => {
      const { live, gateway, broken: member, other } = await setUp(broken);
      const res = await request(`${gateway.url}/api/billing/config`);
      expect(res.status).toBe(200);
      expect(live.seen.map((r) => r.url)).toEqual(['/api/billing/config']);
      expect(member.healthy).toBe(false);
      expect(member.problem).toBe(broken === 'refused' ? 'ECONNREFUSED' : 'ECONNRESET');
      expect(gateway.failures).toEqual([]);
      // Nothing left counted as in flight once the answers are done.
      expect(member.inFlight + other.inFlight).toBe(0);
    },
  );

  it('a POST with an Idempotency-Key is sent again with the same bytes', async () => {
    const { live, gateway } = await setUp('reset');
    const body = Buffer.from('{"paymentIntentId":"pi_1"}');
    const res = await request(`${gateway.url}/api/confirm-payment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': 'confirm-pi_1',
        'content-length': String(body.length),
      },
      body,
    });
    expect(res.status).toBe(200);
    expect(live.seen).toHaveLength(1);
    expect(live.seen[0]!.body.equals(body)).toBe(true);
    expect(live.seen[0]!.headers['idempotency-key']).toBe('confirm-pi_1');
  });

  it('a POST without an Idempotency-Key is never sent twice: 502', async () => {
    const { live, gateway } = await setUp('reset');
    const res = await request(`${gateway.url}/api/confirm-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"paymentIntentId":"pi_1"}',
    });
    expect(res.status).toBe(502);
    expect(live.seen).toEqual([]);
    expect(gateway.failures).toEqual(['ECONNRESET']);
  });

  it('a POST whose body is too large to keep streams and is not retried', async () => {
    const { live, gateway } = await setUp('refused');
    const body = Buffer.alloc(MAX_RETRY_BODY_BYTES + 1, 'a');
    const res = await request(`${gateway.url}/api/upload`, {
      method: 'POST',
      headers: { 'idempotency-key': 'k', 'content-length': String(body.length) },
      body,
    });
    expect(res.status).toBe(502);
    expect(live.seen).toEqual([]);
  });

  it('retries only once: two broken replicas answer 502', async () => {
    const first = await resettingUrl();
    const second = await resettingUrl();
    open.push(first, second);
    const pool = createUpstreamPool([first.url, second.url], {
      probeIntervalMs: 0,
      probeTimeoutMs: 1_000,
    });
    open.push(pool);
    const gateway = await forwarder(pool, pool.members[0]!);
    open.push(gateway);
    const res = await request(`${gateway.url}/api/user`);
    expect(res.status).toBe(502);
    expect(gateway.failures).toEqual(['ECONNRESET']);
    expect(pool.ready()).toBe(false);
  });
});
