import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

/** Whether something accepts TCP connections on host:port (within `timeoutMs`). */
export function isPortOpen(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether host:port can be bound right now; the answer is the port, or undefined. */
function bindable(port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, host, () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address ? address.port : undefined),
      );
    });
  });
}

/** The first port of the range the OS hands out for outgoing connections (Linux). */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

const LISTEN_LOW = 10_000;

/**
 * A port nothing listens on right now, below the OS's range for outgoing connections when it
 * can: a service restarted on the same port (a rolling restart) must not find it taken by some
 * process's outgoing connection meanwhile, which a port the OS picked from that range can be.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const high = ephemeralLow() - 1;
  for (let tries = 0; high > LISTEN_LOW && tries < 20; tries++) {
    const candidate = LISTEN_LOW + Math.floor(Math.random() * (high - LISTEN_LOW));
    const port = await bindable(candidate, host);
    if (port !== undefined) return port;
  }
  const port = await bindable(0, host);
  if (port === undefined) throw new Error('no free port');
  return port;
}

/** `preferred` when it is free, else any free port. */
export async function portOrFree(preferred: number, host = '127.0.0.1'): Promise<number> {
  return (await isPortOpen(preferred, host, 300)) ? freePort(host) : preferred;
}

export async function waitForPort(port: number, host: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isPortOpen(port, host, 500))) {
    if (Date.now() > deadline)
      throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
