import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { unauthorized } from '@mia/service-kit';
import { renderLanding } from '../../../services/gateway/src/landing-render.js';
import { catalogFixture } from '../../src/features/catalog/catalog.fixture.js';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** Answers an /api request and returns true, or returns false to fall through to the defaults. */
export type ApiHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
) => boolean | Promise<boolean>;

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, value: unknown): true {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(value));
  return true;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const isFile = (path: string) =>
  stat(path).then(
    (info) => info.isFile(),
    () => false,
  );

/**
 * Serves a built SPA the way the gateway does (precompressed files, long cache for hashed assets,
 * history fallback), with a stand-in API: signed out unless a test's handler says otherwise.
 */
export async function startStaticServer(root: string, api?: ApiHandler): Promise<StaticServer> {
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      const body = await readBody(req);
      if (api && (await api(req, res, body))) return;
      // Identity's answer for nobody signed in, billing's catalogue (today's seed), and the
      // gateway's for a path no service owns.
      if (req.method === 'GET' && url.pathname === '/api/catalog') {
        sendJson(res, 200, catalogFixture());
      } else if (req.method === 'GET' && url.pathname === '/api/user') {
        sendJson(res, 401, unauthorized().toBody());
      } else {
        sendJson(res, 404, { message: 'Not found', code: 'not_found' });
      }
      return;
    }

    // The gateway renders the landing page with billing's catalogue (services/gateway landing-render).
    if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      const html = renderLanding(
        await readFile(join(root, 'index.html'), 'utf8'),
        catalogFixture(),
      );
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }

    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
    let path = join(root, relative);
    if (!path.startsWith(root + sep) && path !== root) {
      res.writeHead(400);
      res.end();
      return;
    }
    if (!(await isFile(path))) {
      // Unknown extension-less paths are app routes: the SPA decides (including its 404 page).
      if (extname(relative)) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('Not found');
        return;
      }
      path = join(root, 'index.html');
    }

    const type = types[extname(path)] ?? 'application/octet-stream';
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': relative.startsWith('assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    let file = path;
    if (accepts.includes('br') && (await isFile(`${path}.br`))) {
      file = `${path}.br`;
      headers['Content-Encoding'] = 'br';
    } else if (accepts.includes('gzip') && (await isFile(`${path}.gz`))) {
      file = `${path}.gz`;
      headers['Content-Encoding'] = 'gzip';
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
