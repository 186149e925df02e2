import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy of the tests' own, in front of PostgreSQL, NATS or any service, to put faults on
 * the wire that a real process would meet: latency, and a one-way black hole (the client's bytes
 * no longer reach the server, e.g. an ack lost after the effect committed).
 */
export interface TcpProxy {
  /** Where clients connect: `127.0.0.1:<port>`. */
  port: number;
  /** Delay added to every chunk in both directions (0: none). Applies from now on. */
  setLatency(ms: number): void;
  /** While true, bytes from clients to the server are dropped (the server's still flow back). */
  setBlackholeUpstream(on: boolean): void;
  /** Cuts every open connection (clients see a reset). */
  cutAll(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let latencyMs = 0;
  let blackhole = false;
  const sockets = new Set<Socket>();

  // Chunks keep their order under latency: each direction is a chain of timers.
  const pipe = (from: Socket, to: Socket, upstream: boolean) => {
    let chain = Promise.resolve();
    from.on('data', (chunk: Buffer) => {
      if (upstream && blackhole) return;
      const delay = latencyMs;
      chain = chain.then(async () => {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        if (!to.destroyed) to.write(chunk);
      });
    });
    from.on('end', () => void chain.then(() => to.end()));
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
  };

  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    pipe(client, upstream, true);
    pipe(upstream, client, false);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy has no port');

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port: address.port,
    setLatency: (ms) => (latencyMs = ms),
    setBlackholeUpstream: (on) => (blackhole = on),
    cutAll,
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}
