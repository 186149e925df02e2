import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Longer than the idle timeouts of common proxies and load balancers (60 s), so the proxy, not
// the service, closes an idle connection and never reuses one the service just dropped.
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Starts listening (port 0: any free port); resolves with the server once bound. */
export function listen(handler: RequestListener, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => (error ? reject(error) : resolve(server));
    // No host: Node's default, every interface (IPv6 and IPv4 where available).
    const server = createServer(handler);
    if (host) server.listen(port, host, () => done());
    else server.listen(port, () => done());
    server.once('error', done);
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Must exceed keepAliveTimeout, or Node may cut a request whose headers arrive late.
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  });
}

export const boundPort = (server: Server): number => (server.address() as AddressInfo).port;
