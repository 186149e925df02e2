import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deadUrl,
  request,
  startFakeService,
  startGateway,
  type FakeService,
  type TestGateway,
} from './harness.fixture.js';
import { SERVICE_NAMES, type ServiceName } from './routes-table.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('gateway proxy', () => {
  const services = {} as Record<ServiceName, FakeService>;
  let gateway: TestGateway;

  beforeAll(async () => {
    for (const name of SERVICE_NAMES) services[name] = await startFakeService(name);
    gateway = await startGateway(
      Object.fromEntries(SERVICE_NAMES.map((n) => [n, services[n].url])) as Record<
        ServiceName,
        string
      >,
    );
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all(SERVICE_NAMES.map((n) => services[n].close()));
  });
  afterEach(() => {
    for (const name of SERVICE_NAMES) services[name].seen.length = 0;
  });

  const last = (name: ServiceName) => services[name].seen.at(-1);

  it.each([
    ['GET', '/api/user', 'identity'],
    ['POST', '/api/login', 'identity'],
    ['POST', '/api/create-payment-intent', 'billing'],
    ['POST', '/api/trial/start', 'billing'],
    ['GET', '/api/dashboard', 'access'],
    ['POST', '/api/admin/grant-access', 'access'],
    ['GET', '/api/tickets/categories', 'support'],
    ['POST', '/api/support/chat', 'support'],
    // OAuth (issue 23): the authorization server and the discovery documents at the root.
    ['POST', '/api/oauth/token', 'identity'],
    ['GET', '/.well-known/oauth-authorization-server', 'identity'],
    ['GET', '/.well-known/openid-configuration', 'identity'],
    ['GET', '/.well-known/oauth-protected-resource', 'access'],
    ['GET', '/.well-known/oauth-protected-resource/api/gpt/mcp', 'access'],
    // One path, two owners by method (ADR 0020): billing takes the money, access the rest.
    ['POST', '/api/teams', 'billing'],
    ['GET', '/api/teams', 'access'],
    ['PATCH', '/api/teams/0b6c1e0e-4f1d-4a7e-9d55-3c2b1a0f9e8d', 'billing'],
    ['GET', '/api/teams/0b6c1e0e-4f1d-4a7e-9d55-3c2b1a0f9e8d', 'access'],
    ['DELETE', '/api/teams/t1/members/u1', 'access'],
    ['POST', '/api/team-invitations/accept', 'access'],
    ['POST', '/api/gifts', 'billing'],
    ['GET', '/api/gifts', 'access'],
    ['POST', '/api/gifts/claim', 'access'],
  ] as const)('%s %s reaches %s with its path unchanged', async (method, path, service) => {
    const res = await request(`${gateway.url}${path}?a=1&b=%20x`, { method });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ service, url: `${path}?a=1&b=%20x` });
    expect(last(service)?.method).toBe(method);
  });

  it('passes the body through byte for byte (webhook signatures need the raw bytes)', async () => {
    const body = Buffer.from('{"id": "evt_1",\n  "type":"payment_intent.succeeded"}  ');
    const res = await request(`${gateway.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      body,
    });
    expect(res.status).toBe(200);
    const seen = last('billing');
    expect(seen?.body.equals(body)).toBe(true);
    expect(seen?.headers['stripe-signature']).toBe('t=1,v1=abc');
    expect(seen?.headers['content-type']).toBe('application/json');
  });

  it('keeps the Host and cookies the browser sent', async () => {
    await request(`${gateway.url}/api/user`, {
      headers: { host: 'ministerio.example', cookie: 'mia_session=abc' },
    });
    expect(last('identity')?.headers.host).toBe('ministerio.example');
    expect(last('identity')?.headers.cookie).toBe('mia_session=abc');
  });

  it('strips internal and client-sent forwarding headers, and sets its own', async () => {
    await request(`${gateway.url}/api/dashboard`, {
      headers: {
        'x-internal-caller': 'billing',
        'x-user-id': 'admin',
        'x-user-role': 'admin',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-real-ip': '6.6.6.6',
        forwarded: 'for=6.6.6.6',
      },
    });
    const headers = last('access')?.headers ?? {};
    expect(headers['x-internal-caller']).toBeUndefined();
    expect(headers['x-user-id']).toBeUndefined();
    expect(headers['x-user-role']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-real-ip']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
  });

  it("drops the client's hop-by-hop headers and those its Connection header names", async () => {
    await request(`${gateway.url}/api/dashboard`, {
      headers: {
        connection: 'close, x-hop-secret',
        'x-hop-secret': '1',
        'keep-alive': 'timeout=1',
      },
    });
    const headers = last('access')?.headers ?? {};
    expect(headers['x-hop-secret']).toBeUndefined();
    expect(headers['keep-alive']).toBeUndefined();
    // The gateway's own connection to the service, kept alive, not the client's "close".
    expect(headers.connection).toBe('keep-alive');
  });

  it('generates a request id, uses it as correlation id, and echoes it', async () => {
    const res = await request(`${gateway.url}/api/user`);
    const headers = last('identity')?.headers ?? {};
    expect(headers['x-request-id']).toMatch(UUID);
    expect(headers['x-correlation-id']).toBe(headers['x-request-id']);
    expect(res.headers['x-request-id']).toBe(headers['x-request-id']);
  });

  it('propagates well-formed ids and replaces malformed ones', async () => {
    await request(`${gateway.url}/api/user`, {
      headers: { 'x-request-id': 'req-123', 'x-correlation-id': 'flow:42' },
    });
    expect(last('identity')?.headers['x-request-id']).toBe('req-123');
    expect(last('identity')?.headers['x-correlation-id']).toBe('flow:42');

    const res = await request(`${gateway.url}/api/user`, {
      headers: { 'x-request-id': 'bad id <script>', 'x-correlation-id': 'x'.repeat(300) },
    });
    const headers = last('identity')?.headers ?? {};
    expect(headers['x-request-id']).toMatch(UUID);
    expect(headers['x-correlation-id']).toBe(headers['x-request-id']);
    expect(res.headers['x-request-id']).toBe(headers['x-request-id']);
  });

  it('answers unknown API paths itself with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api', '/api/', '/api/tickets/../admin/grant-access']) {
      const res = await request(`${gateway.url}${path}`, { method: 'POST' });
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ message: 'Not found' });
    }
    for (const name of SERVICE_NAMES) expect(services[name].seen).toHaveLength(0);
  });

  it("announces the gateway's own keep-alive timeout, not the service's", async () => {
    const chatty = await startFakeService('identity', (_req, res) => {
      res.setHeader('keep-alive', 'timeout=65');
      res.end('{}');
    });
    const gw = await startGateway({ ...urls(services), identity: chatty.url });
    try {
      const res = await request(`${gw.url}/api/user`, { headers: { connection: 'keep-alive' } });
      expect(res.headers['keep-alive']).not.toBe('timeout=65');
    } finally {
      await gw.close();
      await chatty.close();
    }
  });

  it('relays the service answer as is (status, headers, body)', async () => {
    const teapot = await startFakeService('identity', (_req, res) => {
      res.writeHead(418, { 'content-type': 'text/plain', 'set-cookie': 'a=b; HttpOnly' });
      res.end('short and stout');
    });
    const gw = await startGateway({ ...urls(services), identity: teapot.url });
    try {
      const res = await request(`${gw.url}/api/login`, { method: 'POST' });
      expect(res.status).toBe(418);
      expect(res.text).toBe('short and stout');
      expect(res.headers['set-cookie']).toEqual(['a=b; HttpOnly']);
    } finally {
      await gw.close();
      await teapot.close();
    }
  });
});

describe('gateway proxy behind a trusted proxy', () => {
  it('keeps the forwarding chain and the client address the proxy reported', async () => {
    const identity = await startFakeService('identity');
    const gw = await startGateway(
      {
        identity: identity.url,
        billing: identity.url,
        access: identity.url,
        support: identity.url,
      },
      { TRUST_PROXY: 'loopback' },
    );
    try {
      await request(`${gw.url}/api/user`, {
        headers: {
          'x-forwarded-for': '203.0.113.7',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'ministerio.example',
          'x-internal-caller': 'nope',
        },
      });
      const headers = identity.seen.at(-1)?.headers ?? {};
      expect(headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
      expect(headers['x-real-ip']).toBe('203.0.113.7');
      expect(headers['x-forwarded-proto']).toBe('https');
      expect(headers['x-forwarded-host']).toBe('ministerio.example');
      expect(headers['x-internal-caller']).toBeUndefined();
    } finally {
      await gw.close();
      await identity.close();
    }
  });
});

describe('gateway proxy failures', () => {
  it('answers 502 JSON at once when a service is down', async () => {
    const dead = await deadUrl();
    const gw = await startGateway({ identity: dead, billing: dead, access: dead, support: dead });
    try {
      const started = Date.now();
      const res = await request(`${gw.url}/api/dashboard`);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(502);
      expect(res.json()).toEqual({
        message: 'Service unavailable',
        code: 'upstream_unavailable',
        service: 'access',
      });
    } finally {
      await gw.close();
    }
  });

  it('answers 504 JSON when a service does not answer in time', async () => {
    const slow = await startFakeService('support', (_req, res) => {
      setTimeout(() => res.end('{}'), 2_000).unref();
    });
    const gw = await startGateway(
      { identity: slow.url, billing: slow.url, access: slow.url, support: slow.url },
      { PROXY_TIMEOUT_MS: '200' },
    );
    try {
      const started = Date.now();
      const res = await request(`${gw.url}/api/tickets`);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(1000);
      expect(res.status).toBe(504);
      expect(res.json()).toEqual({
        message: 'Service timed out',
        code: 'upstream_timeout',
        service: 'support',
      });
    } finally {
      await gw.close();
      await slow.close();
    }
  });

  it('closes the socket of a slow upload once it has answered 504', async () => {
    // The stand-in answers only once the whole body arrived, which never happens here.
    const waiting = await startFakeService('support');
    const gw = await startGateway(
      { identity: waiting.url, billing: waiting.url, access: waiting.url, support: waiting.url },
      { PROXY_TIMEOUT_MS: '200' },
    );
    const { port } = new URL(gw.url);
    const socket = connect(Number(port), '127.0.0.1');
    try {
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        'POST /api/support/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100000\r\n\r\n{"message":"',
      );
      // A client still trickling its body: the gateway must not wait for it after the 504.
      const trickle = setInterval(() => socket.write('a'), 50);
      await Promise.race([
        closed,
        new Promise((_, reject) => {
          setTimeout(() => reject(new Error('socket still open 3 s after the 504')), 3_000);
        }),
      ]).finally(() => clearInterval(trickle));
      expect(received).toMatch(/^HTTP\/1\.1 504 /);
      expect(received.toLowerCase()).toContain('connection: close');
    } finally {
      socket.destroy();
      await gw.close();
      await waiting.close();
    }
  });

  it('keeps serving after a service comes back', async () => {
    const dead = await deadUrl();
    const gw = await startGateway({ identity: dead, billing: dead, access: dead, support: dead });
    try {
      expect((await request(`${gw.url}/api/user`)).status).toBe(502);
      expect((await request(`${gw.url}/api/user`)).status).toBe(502);
    } finally {
      await gw.close();
    }
  });
});

function urls(services: Record<ServiceName, FakeService>): Record<ServiceName, string> {
  return Object.fromEntries(SERVICE_NAMES.map((n) => [n, services[n].url])) as Record<
    ServiceName,
    string
  >;
}
