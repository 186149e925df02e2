import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { httpRequestDuration, httpRequestsTotal, type Logger } from '@mia/service-kit';
import { pathnameOf } from './routes-table.js';

const OWN_PATHS = new Set(['/healthz', '/readyz']);

interface Routed {
  gatewayService?: string;
}

/**
 * One metrics sample per request, labelled by owning service (or `web`, `gateway`), and a log line only
 * for failures: every proxied request is logged by its service with the same request id, and
 * the gateway is the first throughput ceiling (ENVIRONMENT.md), so it stays quiet otherwise.
 */
export function requestObserver(logger: Logger) {
  const verbose = logger.isLevelEnabled('debug');
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = pathnameOf(req.url ?? '');
      const route = (req as Routed).gatewayService ?? (OWN_PATHS.has(path) ? 'gateway' : 'web');
      const status = res.statusCode;
      const labels = { method: req.method ?? '', route, status: String(status) };
      httpRequestsTotal.inc(labels);
      httpRequestDuration.observe(labels, seconds);
      if (status >= 500 || verbose) {
        logger[status >= 500 ? 'warn' : 'debug'](
          {
            requestId: res.getHeader('x-request-id'),
            method: req.method,
            path,
            upstream: route,
            status,
            durationMs: Math.round(seconds * 1e4) / 10,
          },
          'request',
        );
      }
    });
  };
}

/** The observer as Express middleware, for the gateway's own paths and the web app. */
export function gatewayAccessLog(logger: Logger): RequestHandler {
  const observe = requestObserver(logger);
  return (req, res, next) => {
    observe(req, res);
    next();
  };
}
