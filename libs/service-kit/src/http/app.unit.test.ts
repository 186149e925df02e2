import type { Server } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { z } from 'zod';
import { currentContext } from '../context.js';
import { boundPort, listen } from '../lifecycle/listen.js';
import { createHttpApp, type HttpAppOptions } from './create-app.js';
import { startMetricsServer } from './metrics-server.js';
import { badRequest, tooManyRequests } from './errors.js';
import { validateBody } from './validation.js';

/** A logger whose JSON lines the test can read. */
function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve).closeAllConnections())),
  );
});

async function start(options: Partial<HttpAppOptions> = {}) {
  const { logger, lines } = captureLogger();
  const app = createHttpApp({
    service: 'test',
    logger,
    allowedOrigins: ['https://app.example'],
    jsonLimit: '1kb',
    ...options,
    routes(app) {
      app.get('/items/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
      app.post('/echo', (req, res) => {
        res.json({ body: req.body, context: currentContext(), raw: req.rawBody?.toString() });
      });
      app.post(
        '/register',
        validateBody(
          z.object({ password: z.string().min(6, 'Password must be at least 6 characters') }),
        ),
        (_req, res) => {
          res.status(201).json({ ok: true });
        },
      );
      app.get('/boom', async () => {
        throw new Error('database password is hunter2');
      });
      app.get('/teapot', () => {
        throw badRequest('No coffee here', 'no_coffee');
      });
      app.get('/slow-down', () => {
        throw tooManyRequests(30);
      });
      options.routes?.(app);
    },
  });
  const server = await listen(app, 0, '127.0.0.1');
  servers.push(server);
  const base = `http://127.0.0.1:${boundPort(server)}`;
  return { base, lines };
}

/** A POST with exactly these headers (fetch will not send a Host of our choosing). */
async function rawPost(base: string, path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  const lines = Object.entries({ ...headers, 'content-length': '0', connection: 'close' }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  socket.end(`POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
  let answer = '';
  for await (const chunk of socket) answer += String(chunk);
  return answer;
}

const postJson = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('createHttpApp', () => {
  it('answers unknown paths with a JSON 404 and no x-powered-by', async () => {
    const { base } = await start();
    const res = await fetch(`${base}/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(await res.json()).toEqual({ message: 'Not found' });
  });

  it('answers malformed JSON with a clean 400', async () => {
    const { base } = await start();
    const res = await postJson(`${base}/echo`, '{"a":');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Malformed JSON in request body',
      code: 'invalid_json',
    });
  });

  it('answers a path parameter that is not valid percent-encoding with 400, not 500', async () => {
    const { base, lines } = await start();
    const res = await fetch(`${base}/items/%zz`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Malformed request path' });
    expect(lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
  });

  it('answers a body over the limit with 413', async () => {
    const { base } = await start();
    const res = await postJson(`${base}/echo`, JSON.stringify({ text: 'x'.repeat(2048) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      message: 'Request body is too large',
      code: 'payload_too_large',
    });
  });

  it('keeps the raw JSON body for signature checks', async () => {
    const { base } = await start();
    const res = await postJson(`${base}/echo`, '{ "a" : 1 }');
    expect(await res.json()).toMatchObject({ body: { a: 1 }, raw: '{ "a" : 1 }' });
  });

  it('answers validation failures with the schema message', async () => {
    const { base } = await start();
    const res = await postJson(`${base}/register`, JSON.stringify({ password: '123' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Password must be at least 6 characters',
      code: 'validation_error',
      details: [{ path: 'password', message: 'Password must be at least 6 characters' }],
    });
    const missing = await fetch(`${base}/register`, { method: 'POST' });
    expect(await missing.json()).toMatchObject({ message: 'Request body is required' });
  });

  it('answers HttpErrors as they are, with their headers', async () => {
    const { base } = await start();
    const teapot = await fetch(`${base}/teapot`);
    expect(teapot.status).toBe(400);
    expect(await teapot.json()).toEqual({ message: 'No coffee here', code: 'no_coffee' });
    const limited = await fetch(`${base}/slow-down`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
  });

  it('hides unknown errors behind a 500 and logs them with their stack', async () => {
    const { base, lines } = await start();
    const res = await fetch(`${base}/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
    expect(text).not.toContain('hunter2');
    const logged = lines.find((l) => l.msg === 'unhandled error') as { err?: { stack?: string } };
    expect(logged?.err?.stack).toContain('app.unit.test.ts');
  });
});

describe('request context', () => {
  it('echoes a valid incoming request id and keeps it through body parsing', async () => {
    const { base, lines } = await start();
    const res = await postJson(`${base}/echo`, '{}', {
      'x-request-id': 'req-123',
      'x-correlation-id': 'corr-456',
    });
    expect(res.headers.get('x-request-id')).toBe('req-123');
    expect(((await res.json()) as { context: unknown }).context).toEqual({
      requestId: 'req-123',
      correlationId: 'corr-456',
      causationId: null,
    });
    const access = lines.find((l) => l.msg === 'request');
    expect(access).toMatchObject({ requestId: 'req-123', correlationId: 'corr-456' });
  });

  it('replaces a missing or unsafe request id with a fresh one', async () => {
    const { base } = await start();
    const res = await postJson(`${base}/echo`, '{}', { 'x-request-id': 'bad id\twith "stuff"' });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await res.json()) as { context: unknown }).context).toMatchObject({
      requestId: id,
      correlationId: id,
    });
  });
});

describe('access log', () => {
  it('writes one line per request without the query string', async () => {
    const { base, lines } = await start();
    await fetch(`${base}/items/42?token=s3cret`);
    const access = lines.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'GET', path: '/items/42', status: 200 });
    expect(typeof access[0]?.durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });
});

describe('health and metrics', () => {
  it('GET /healthz answers ok', async () => {
    const { base } = await start();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 when every check passes', async () => {
    const { base } = await start({ readiness: [{ name: 'postgres', check: async () => {} }] });
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok' } });
  });

  it('GET /readyz is 503 when a check fails or hangs, without leaking the error', async () => {
    const { base, lines } = await start({
      readinessTimeoutMs: 50,
      readiness: [
        { name: 'postgres', check: async () => {} },
        {
          name: 'nats',
          check: async () => {
            throw new Error('connection refused 10.0.0.7');
          },
        },
        { name: 'slow', check: () => new Promise(() => {}) },
      ],
    });
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      status: 'unready',
      checks: { postgres: 'ok', nats: 'failed', slow: 'timeout' },
    });
    expect(text).not.toContain('10.0.0.7');
    expect(lines.some((l) => l.msg === 'readiness check failed' && l.check === 'nats')).toBe(true);
  });

  it('GET /readyz reuses an answer for readinessCacheMs instead of checking per request', async () => {
    let runs = 0;
    const { base } = await start({
      readinessCacheMs: 60_000,
      readiness: [{ name: 'postgres', check: async () => void runs++ }],
    });
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${base}/readyz`)));
    await fetch(`${base}/readyz`);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(runs).toBe(1);
  });

  it('does not serve GET /metrics on the public port', async () => {
    const { base } = await start();
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('process_cpu_seconds_total');
  });

  it('serves request counts and latency by route pattern on the metrics listener', async () => {
    const { base } = await start();
    await fetch(`${base}/items/abc`);
    await fetch(`${base}/items/def`);
    const metrics = await startMetricsServer(0, '127.0.0.1');
    servers.push(metrics);
    const res = await fetch(`http://127.0.0.1:${boundPort(metrics)}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/items\/:id",status="200"\} \d+/,
    );
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET"');
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).not.toContain('/items/abc');
  });
});

describe('cross-origin protection', () => {
  it('refuses a state-changing request from a foreign origin', async () => {
    const { base } = await start();
    const res = await postJson(`${base}/echo`, '{}', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: 'Cross-origin request refused',
      code: 'cross_origin_request',
    });
  });

  it('judges by Referer when Origin is absent', async () => {
    const { base } = await start();
    const foreign = await postJson(`${base}/echo`, '{}', { referer: 'https://evil.example/x' });
    expect(foreign.status).toBe(403);
    const ours = await postJson(`${base}/echo`, '{}', { referer: 'https://app.example/checkout' });
    expect(ours.status).toBe(200);
  });

  it('allows configured origins, non-browser clients and safe methods', async () => {
    const { base } = await start();
    expect((await postJson(`${base}/echo`, '{}', { origin: 'https://app.example' })).status).toBe(
      200,
    );
    expect((await postJson(`${base}/echo`, '{}')).status).toBe(200);
    const get = await fetch(`${base}/items/1`, { headers: { origin: 'https://evil.example' } });
    expect(get.status).toBe(200);
  });

  it('refuses an origin that only matches the Host header (the sender picks both)', async () => {
    const { base } = await start();
    const forged = await postJson(`${base}/echo`, '{}', { origin: base });
    expect(forged.status).toBe(403);
    const attacker = await rawPost(base, '/echo', {
      host: 'evil.example',
      origin: 'http://evil.example',
    });
    expect(attacker).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('refuses an opaque "null" origin', async () => {
    const { base } = await start();
    expect((await postJson(`${base}/echo`, '{}', { origin: 'null' })).status).toBe(403);
  });
});
