// Shared helpers for the gateway's tests (the *.fixture.ts name keeps them out of the build).
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@mia/service-kit';
import { createGatewayApp } from './app.js';
import { loadGatewayConfig } from './config.js';
import type { ServiceName } from './routes-table.js';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeService {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

type Handler = (req: SeenRequest, res: ServerResponse) => void;

const listen = (server: Server) =>
  new Promise<string>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A stand-in service: records what reaches it and answers `{service, url}` unless told otherwise. */
export async function startFakeService(name: string, handler?: Handler): Promise<FakeService> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(record);
      if (handler) return handler(record, res);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ service: name, url: req.url }));
    });
  });
  const url = await listen(server);
  return { url, seen, close: () => closeServer(server) };
}

/** A URL where nothing listens: connecting is refused at once. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await closeServer(server);
  return url;
}

export interface TestGateway {
  url: string;
  close(): Promise<void>;
}

export async function startGateway(
  /** One URL per service, or a comma-separated list of its replicas. */
  upstreams: Record<ServiceName, string>,
  env: Record<string, string> = {},
): Promise<TestGateway> {
  const config = loadGatewayConfig({
    MIA_ENV: 'test',
    IDENTITY_URL: upstreams.identity,
    BILLING_URL: upstreams.billing,
    ACCESS_URL: upstreams.access,
    SUPPORT_URL: upstreams.support,
    WEB_DIST: '/nonexistent/web/dist',
    ...env,
  });
  const gateway = createGatewayApp({ config, logger: createLogger('gateway', 'silent') });
  const server = createServer(gateway.listener);
  const url = await listen(server);
  return {
    url,
    close: async () => {
      await closeServer(server);
      gateway.close();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/** node:http rather than fetch: fetch decodes br/gzip itself and hides what was on the wire. */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  // The path is sent exactly as written (a URL object would resolve `..` segments first).
  const { hostname, port, origin } = new URL(url);
  const path = url.slice(origin.length) || '/';
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
