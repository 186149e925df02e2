import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { boundPort, listen } from './listen.js';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve).closeAllConnections())),
  );
});

async function start(limits: Parameters<typeof listen>[3]) {
  const server = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1', limits);
  servers.push(server);
  return boundPort(server);
}

/** A raw client: what the server sent until it closed the socket, and when it closed it. */
function rawClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const opened = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) =>
    socket.once('close', () => resolve({ received, afterMs: Date.now() - opened })),
  );
  return { socket, closed };
}

/** Rejects when `promise` has not settled within `ms` (the old limits kept sockets 66-300 s). */
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms).unref();
    }),
  ]);

describe('listen', () => {
  it('answers 408 and closes the socket of a client that is slow to send its headers', async () => {
    const port = await start({ headersTimeoutMs: 300, requestTimeoutMs: 1_000 });
    const { socket, closed } = rawClient(port);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const { received, afterMs } = await within(closed, 3_000, 'socket closed');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(250);
  });

  it('closes the socket of a client that is slow to send its body', async () => {
    const port = await start({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const { socket, closed } = rawClient(port);
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789');
    const { afterMs } = await within(closed, 3_000, 'socket closed');
    expect(afterMs).toBeGreaterThanOrEqual(350);
  });

  it('keeps an idle keep-alive connection past the headers timeout', async () => {
    const port = await start({ headersTimeoutMs: 100, requestTimeoutMs: 200 });
    const { socket } = rawClient(port);
    const answers: string[] = [];
    const answered = (count: number) =>
      new Promise<void>((resolve) => {
        const check = (chunk: Buffer) => {
          answers.push(...chunk.toString().match(/HTTP\/1\.1 \d+/g)!);
          if (answers.length >= count) {
            socket.off('data', check);
            resolve();
          }
        };
        socket.on('data', check);
      });
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await answered(1);
    // Idle longer than both timeouts: idleness is keepAliveTimeout's business, not theirs.
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await within(answered(2), 2_000, 'second answer');
    expect(answers).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
  });

  it('closes connections beyond maxConnections at once', async () => {
    const port = await start({ maxConnections: 1 });
    const first = rawClient(port);
    await new Promise((resolve) => first.socket.once('connect', resolve));
    // The first connection is accepted and held; only then does the second one arrive.
    first.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => first.socket.once('data', resolve));
    const second = rawClient(port);
    second.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const { received } = await within(second.closed, 2_000, 'second socket closed');
    expect(received).toBe('');
  });

  it('defaults to limits a slow client cannot outlast for minutes', async () => {
    const server = await listen(() => undefined, 0, '127.0.0.1');
    servers.push(server);
    expect(server.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(server.requestTimeout).toBeLessThanOrEqual(30_000);
    expect(server.maxConnections).toBeGreaterThan(0);
    expect(server.maxConnections).toBeLessThan(Infinity);
  });
});
