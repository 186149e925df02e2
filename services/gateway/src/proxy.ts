import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import type { Logger } from '@mia/service-kit';
import { prepareForwarding, type ForwardingOptions } from './forwarding.js';
import { createRouteResolver, pathnameOf, type ServiceName } from './routes-table.js';
import { sendJson } from './responses.js';

export interface ApiProxyOptions {
  readonly upstreams: Readonly<Record<ServiceName, string>>;
  /** How long an upstream may take to start answering before the client gets a 504. */
  readonly timeoutMs: number;
  /** Express's compiled `trust proxy` setting: is this address a proxy we believe? */
  readonly trustProxy: (address: string, hop: number) => boolean;
  /** Sets the security headers of API answers (the services' own headers win where they overlap). */
  readonly securityHeaders: (res: ServerResponse) => void;
  readonly logger: Logger;
}

export interface ApiProxy {
  /** Proxies `/api/*` to its owner, answers unknown API paths with a JSON 404. */
  readonly handler: RequestHandler;
  /** Closes the idle keep-alive sockets to the upstreams. */
  close(): void;
}

const TIMED_OUT = 'UPSTREAM_TIMEOUT';

class UpstreamTimeout extends Error {
  readonly code = TIMED_OUT;
  constructor(ms: number) {
    super(`upstream did not answer within ${ms} ms`);
  }
}

interface ProxiedRequest extends IncomingMessage {
  gatewayService?: ServiceName;
}

export function createApiProxy(options: ApiProxyOptions): ApiProxy {
  const { logger, timeoutMs } = options;
  const resolve = createRouteResolver();
  const agents: Agent[] = [];

  const failed = (
    err: Error & { code?: string },
    req: IncomingMessage,
    res: ServerResponse | Socket,
  ) => {
    const service = (req as ProxiedRequest).gatewayService;
    const timedOut = err.code === TIMED_OUT;
    logger.warn(
      {
        upstream: service,
        requestId: req.headers['x-request-id'],
        method: req.method,
        path: pathnameOf(req.url ?? ''),
        err: { code: err.code, message: err.message },
      },
      timedOut ? 'upstream timed out' : 'upstream unavailable',
    );
    if (!('writeHead' in res)) {
      res.destroy();
      return;
    }
    if (res.headersSent || res.destroyed) {
      // Part of the answer already left: cutting the connection is the only honest signal.
      res.destroy();
      return;
    }
    if (timedOut)
      sendJson(res, 504, { message: 'Service timed out', code: 'upstream_timeout', service });
    else
      sendJson(res, 502, { message: 'Service unavailable', code: 'upstream_unavailable', service });
  };

  // Our own small plugin instead of the defaults: the default logger plugin builds a URL per response.
  const plugin: Plugin = (server) => {
    server.on('error', failed);
    server.on('proxyReq', (proxyReq: ClientRequest) => {
      // A total deadline for the answer to start; a socket idle timeout would not cover connecting.
      const timer = setTimeout(() => proxyReq.destroy(new UpstreamTimeout(timeoutMs)), timeoutMs);
      const clear = () => clearTimeout(timer);
      proxyReq.once('response', clear);
      proxyReq.once('close', clear);
    });
    server.on(
      'proxyRes',
      (proxyRes: IncomingMessage, _req: IncomingMessage, res: ServerResponse) => {
        // Hop-by-hop: the service's idle timeout is not the gateway's, which announces its own.
        delete proxyRes.headers['keep-alive'];
        // The browser went away mid-answer (e.g. a closed tab during a stream): free the upstream socket.
        res.once('close', () => {
          if (!res.writableEnded) proxyRes.destroy();
        });
      },
    );
    server.on('econnreset', () => {
      // The client hung up first; nothing left to answer.
    });
  };

  const proxies = {} as Record<ServiceName, RequestHandler>;
  for (const [service, target] of Object.entries(options.upstreams) as Array<
    [ServiceName, string]
  >) {
    // Reusing connections to the services doubles what the gateway can pass through (ENVIRONMENT.md).
    const agent = new Agent({ keepAlive: true, scheduling: 'lifo', maxFreeSockets: 64 });
    agents.push(agent);
    proxies[service] = createProxyMiddleware({
      target,
      agent,
      changeOrigin: false,
      xfwd: false,
      ejectPlugins: true,
      plugins: [plugin],
    }) as unknown as RequestHandler;
  }

  const forwarding: ForwardingOptions = {
    trustsPeer: (req) => options.trustProxy(req.socket.remoteAddress ?? '', 0),
    clientIp: (req) => (req as Request).ip,
  };

  const handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    options.securityHeaders(res);
    const service = resolve(pathnameOf(req.url));
    if (!service) {
      sendJson(res, 404, { message: 'Not found', code: 'not_found' });
      return;
    }
    (req as ProxiedRequest).gatewayService = service;
    prepareForwarding(req, res, forwarding);
    void proxies[service](req, res, next);
  };

  return {
    handler,
    close: () => {
      for (const agent of agents) agent.destroy();
    },
  };
}
