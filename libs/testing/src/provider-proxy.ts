import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// An HTTP proxy between billing and the Stripe sandbox that can lose an answer the way a timeout
// does: the provider did the work, the caller never heard of it. Its target is given at start,
// or later (setTarget) when the proxy must exist before the sandbox does: billing is given the
// proxy's address and calls the provider only when a customer buys, never while it starts.

export interface ProviderProxy {
  url: string;
  /** Where requests go from now on (the sandbox's URL). */
  setTarget(url: string): void;
  /** The next matching request reaches the provider; its answer is held for `holdMs`. */
  stallNext(method: string, path: RegExp, holdMs: number): void;
  /** Every request seen, with its idempotency key. */
  readonly seen: { method: string; path: string; idempotencyKey: string | undefined }[];
  close(): Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startProviderProxy(target?: string): Promise<ProviderProxy> {
  let upstream: URL | undefined = target ? new URL(target) : undefined;
  const stalls: { method: string; path: RegExp; holdMs: number }[] = [];
  const seen: ProviderProxy['seen'] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const path = req.url ?? '/';
      const key = req.headers['idempotency-key'];
      seen.push({
        method: req.method ?? 'GET',
        path,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      if (!upstream) return void res.writeHead(503).end();
      const index = stalls.findIndex((s) => s.method === req.method && s.path.test(path));
      const stall = index >= 0 ? stalls.splice(index, 1)[0] : undefined;
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          void readAll(answer).then((text) => {
            const send = () => {
              if (!res.destroyed) res.writeHead(answer.statusCode ?? 502, answer.headers).end(text);
            };
            if (!stall) return send();
            const timer = setTimeout(() => {
              timers.delete(timer);
              send();
            }, stall.holdMs);
            timers.add(timer);
          });
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      forward.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    setTarget: (url) => {
      upstream = new URL(url);
    },
    stallNext: (method, path, holdMs) => stalls.push({ method, path, holdMs }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
