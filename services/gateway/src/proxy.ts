import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { injectIntoHttpHeaders, runInServerSpan, type Logger } from '@mia/service-kit';
import { forward, type ForwardFailure } from './forward.js';
import { prepareForwarding, type ForwardingOptions } from './forwarding.js';
import { createRouteResolver, pathnameOf, type ServiceName } from './routes-table.js';
import { sendJson } from './responses.js';
import type { UpstreamPool } from './upstream-pool.js';

export interface ApiProxyOptions {
  /** Each service's replicas (see upstream-pool.ts); the caller owns and closes them. */
  readonly pools: Readonly<Record<ServiceName, UpstreamPool>>;
  /** How long an upstream may take to start answering before the client gets a 504. */
  readonly timeoutMs: number;
  /** Express's compiled `trust proxy` setting: is this address a proxy we believe? */
  readonly trustProxy: (address: string, hop: number) => boolean;
  /** Sets the security headers of API answers (the services' own headers win where they overlap). */
  readonly securityHeaders: (res: ServerResponse) => void;
  readonly logger: Logger;
}

export interface ApiProxy {
  /**
   * Proxies `/api/*` to its owner, answers unknown API paths with a JSON 404. A plain node:http
   * handler: API requests skip Express, whose per-request setup the read path cannot afford.
   */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
}

interface ProxiedRequest extends IncomingMessage {
  gatewayService?: ServiceName;
}

export function createApiProxy(options: ApiProxyOptions): ApiProxy {
  const { logger, timeoutMs } = options;
  const resolve = createRouteResolver();
  const { pools } = options;

  const failed =
    (req: IncomingMessage, res: ServerResponse, service: ServiceName) =>
    (failure: ForwardFailure, err: Error & { code?: string }) => {
      logger.warn(
        {
          upstream: service,
          requestId: req.headers['x-request-id'],
          method: req.method,
          path: pathnameOf(req.url ?? ''),
          err: { code: err.code, message: err.message },
        },
        failure === 'timeout' ? 'upstream timed out' : 'upstream unavailable',
      );
      if (res.headersSent || res.destroyed) {
        // Part of the answer already left: cutting the connection is the only honest signal.
        res.destroy();
        return;
      }
      if (failure === 'timeout')
        sendJson(res, 504, { message: 'Service timed out', code: 'upstream_timeout', service });
      else
        sendJson(res, 502, {
          message: 'Service unavailable',
          code: 'upstream_unavailable',
          service,
        });
    };

  const forwarding: ForwardingOptions = {
    trustsPeer: (req) => options.trustProxy(req.socket.remoteAddress ?? '', 0),
    // What Express's req.ip gives with the same `trust proxy` setting.
    clientIp: (req) => proxyAddr(req, options.trustProxy),
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    options.securityHeaders(res);
    // The method too: one path may have two owners by verb (ADR 0020, `/api/teams`).
    const service = resolve(pathnameOf(req.url ?? '/'), req.method);
    if (!service) {
      sendJson(res, 404, { message: 'Not found', code: 'not_found' });
      return;
    }
    (req as ProxiedRequest).gatewayService = service;
    prepareForwarding(req, res, forwarding);
    // The gateway's route span, the root of the request's trace; the service's spans become
    // its children through the traceparent it forwards.
    runInServerSpan(
      `${req.method} /api → ${service}`,
      { 'http.request.method': req.method ?? '', 'mia.upstream': service },
      res,
      () => {
        injectIntoHttpHeaders(req.headers);
        forward(req, res, pools[service], { timeoutMs, onFailure: failed(req, res, service) });
      },
    );
  };

  return { handler };
}
