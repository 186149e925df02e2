// Test support (not a test): an HTTP proxy between billing and the Stripe sandbox that can lose
// an answer on the way back, the way a timeout does: the provider did the work, the caller
// never heard of it.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProviderProxy {
  url: string;
  /**
   * The next request matching method and path reaches the provider, and its answer is held
   * for `holdMs` before it is sent (long enough for the caller to give up).
   */
  stallNext(method: string, path: RegExp, holdMs: number): void;
  /** Requests seen, e.g. to count retries with their idempotency keys. */
  seen: { method: string; path: string; idempotencyKey: string | undefined }[];
  close(): Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startProviderProxy(target: string): Promise<ProviderProxy> {
  const upstream = new URL(target);
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
              if (res.destroyed) return;
              res.writeHead(answer.statusCode ?? 502, answer.headers).end(text);
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
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    stallNext: (method, path, holdMs) => stalls.push({ method, path, holdMs }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
