import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeChurches } from './fake-churches';
import type { FakeCommerce } from './fake-commerce';
import type { FakeConnections } from './fake-connections';
import type { FakeIdentity } from './fake-identity';
import { startStaticServer, type StaticServer } from './static-server';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The built app with the fake identity and commerce APIs behind it, and the Stripe sandbox's
 * confirm endpoints at `/sandbox/stripe/*`, where the gateway forwards them in sandbox mode.
 * A small front server takes the sandbox paths (the static server would answer them with the
 * app) and passes everything else to the static server.
 */
export async function startCommerceServer(
  root: string,
  identity: FakeIdentity,
  commerce: FakeCommerce,
  connections: FakeConnections,
  churches?: FakeChurches,
): Promise<StaticServer> {
  const app = await startStaticServer(
    root,
    async (req, res, body) =>
      (await identity.handler(req, res, body)) ||
      connections.handler(req, res) ||
      (churches?.handler(req, res, body) ?? false) ||
      (await commerce.handler(req, res, body)),
  );

  const front = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/sandbox/stripe/')) {
      void readBody(req).then((raw) => {
        const { status, body } = commerce.sandbox(path, raw);
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      });
      return;
    }
    const upstream = request(
      `${app.url}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });

  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        front.close((error) => (error ? reject(error) : resolve())),
      );
      await app.close();
    },
  };
}
