import { describe, expect, it, vi } from 'vitest';
import express from 'express';
import { pino } from 'pino';
import { boundPort, KEEP_ALIVE_TIMEOUT_MS, listen } from './listen.js';
import { gracefulShutdown } from './graceful-shutdown.js';

const logger = pino({ level: 'silent' });

/** An app whose /slow request waits until the test releases it. */
async function slowServer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const app = express();
  app.get('/slow', async (_req, res) => {
    arrived();
    await released;
    res.json({ finished: true });
  });
  app.get('/fast', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'ready' });
  });
  const server = await listen(app, 0, '127.0.0.1');
  return { server, base: `http://127.0.0.1:${boundPort(server)}`, release, inFlight };
}

describe('listen', () => {
  it('keeps connections alive longer than common proxies', async () => {
    const { server } = await slowServer();
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    // The headers timeout is much shorter and need not exceed it: Node starts counting it when
    // a request's first byte arrives, not while the connection idles (listen.unit.test.ts).
    expect(server.headersTimeout).toBeLessThan(server.keepAliveTimeout);
    server.close();
  });
});

describe('gracefulShutdown', () => {
  it('lets an in-flight request finish, refuses new ones, then runs the steps in order', async () => {
    const { server, base, release, inFlight } = await slowServer();
    // A kept-alive idle connection must not hold the shutdown up.
    expect((await fetch(`${base}/fast`)).status).toBe(200);

    const order: string[] = [];
    const exit = vi.fn();
    const handle = gracefulShutdown({
      server,
      logger,
      exit,
      signals: [],
      steps: [
        { name: 'consumers', stop: async () => void order.push('consumers') },
        { name: 'pool', stop: () => void order.push('pool') },
      ],
    });

    const slow = fetch(`${base}/slow`);
    await inFlight;
    const done = handle.shutdown('test');

    await expect(fetch(`${base}/fast`, { headers: { connection: 'close' } })).rejects.toThrow();
    expect(order).toEqual([]);

    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });

    await done;
    expect(order).toEqual(['consumers', 'pool']);
    expect(server.listening).toBe(false);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('drains first: readiness 503 while requests are still served, then stops accepting', async () => {
    const { server, base } = await slowServer();
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const exit = vi.fn();
    const step = vi.fn();
    const handle = gracefulShutdown({
      server,
      logger,
      exit,
      signals: [],
      drainMs: 400,
      steps: [{ name: 'pool', stop: step }],
    });
    const started = Date.now();
    const done = handle.shutdown('test');
    const unready = await fetch(`${base}/readyz`);
    expect(unready.status).toBe(503);
    expect(await unready.json()).toMatchObject({ status: 'draining' });
    // New connections and requests are still served during the drain.
    const fast = await fetch(`${base}/fast`, { headers: { connection: 'close' } });
    expect(fast.status).toBe(200);
    expect(server.listening).toBe(true);
    expect(step).not.toHaveBeenCalled();
    await done;
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(server.listening).toBe(false);
    expect(step).toHaveBeenCalled();
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('starts on a signal, once', async () => {
    const { server } = await slowServer();
    const stop = vi.fn();
    const exit = vi.fn();
    const handle = gracefulShutdown({
      server,
      logger,
      exit,
      signals: ['SIGUSR2'],
      steps: [{ name: 'x', stop }],
    });
    process.emit('SIGUSR2', 'SIGUSR2');
    process.emit('SIGUSR2', 'SIGUSR2');
    await handle.shutdown('again');
    handle.dispose();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('runs later steps when one fails, and exits 1', async () => {
    const exit = vi.fn();
    const later = vi.fn();
    await gracefulShutdown({
      logger,
      exit,
      signals: [],
      steps: [
        { name: 'relay', stop: () => Promise.reject(new Error('boom')) },
        { name: 'pool', stop: later },
      ],
    }).shutdown('test');
    expect(later).toHaveBeenCalled();
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('forces exit 1 when shutdown outlasts the timeout', async () => {
    const { server, base, inFlight, release } = await slowServer();
    const exit = vi.fn();
    const after = vi.fn();
    const handle = gracefulShutdown({
      server,
      logger,
      exit,
      timeoutMs: 100,
      signals: [],
      steps: [{ name: 'after', stop: after }],
    });
    const slow = fetch(`${base}/slow`).catch((error: unknown) => error);
    await inFlight;
    const started = Date.now();
    await handle.shutdown('test');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(exit).toHaveBeenCalledWith(1);
    expect(after).not.toHaveBeenCalled();
    // The hung request was cut off when the timeout fired.
    expect(await slow).toBeInstanceOf(Error);
    release();
  });
});
