import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerLimits } from '../config/http-server.js';

// Longer than the idle timeouts of common proxies and load balancers (60 s), so the proxy, not
// the service, closes an idle connection and never reuses one the service just dropped.
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The limits of HTTP_*_TIMEOUT_MS and HTTP_MAX_CONNECTIONS when nothing is configured. */
export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
  maxConnections: 1024,
};

/**
 * Starts listening (port 0: any free port); resolves with the server once bound. A client that
 * is slow to send its headers or its request gets a 408 and its socket closed; past
 * `maxConnections` new connections are closed at once, so slow clients cannot pin a process.
 */
export function listen(
  handler: RequestListener,
  port: number,
  host?: string,
  limits: Partial<ServerLimits> = {},
): Promise<Server> {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxConnections } = {
    ...DEFAULT_SERVER_LIMITS,
    ...limits,
  };
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => (error ? reject(error) : resolve(server));
    const server = createServer(
      {
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        // Node checks the two timeouts above on this interval (default 30 s), so a client
        // could otherwise hold a socket that long past them.
        connectionsCheckingInterval: Math.max(50, Math.min(1_000, headersTimeoutMs / 4)),
      },
      handler,
    );
    server.keepAliveTimeout = keepAliveTimeoutMs;
    server.maxConnections = maxConnections;
    // No host: Node's default, every interface (IPv6 and IPv4 where available).
    if (host) server.listen(port, host, () => done());
    else server.listen(port, () => done());
    server.once('error', done);
  });
}

export const boundPort = (server: Server): number => (server.address() as AddressInfo).port;
