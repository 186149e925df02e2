import type { Request, RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { currentContext } from '../context.js';
import { httpRequestDuration, httpRequestsTotal } from './metrics.js';

/** Route pattern (e.g. /api/tickets/:id), never the raw path, so label sets stay bounded. */
export function routePattern(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (!route || route.path === undefined) return 'unmatched';
  return `${req.baseUrl}${String(route.path)}`;
}

const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One log line and one metrics sample per request, written when the response ends. Probes and
 * scrapes log at debug so they do not drown the rest. The path is logged without its query
 * string, which may carry tokens.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const ctx = currentContext();
    const path = req.path;
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const labels = {
        method: req.method,
        route: routePattern(req),
        status: String(res.statusCode),
      };
      httpRequestsTotal.inc(labels);
      httpRequestDuration.observe(labels, seconds);
      const level = PROBE_PATHS.has(path) ? 'debug' : res.statusCode >= 500 ? 'warn' : 'info';
      logger[level](
        {
          requestId: ctx?.requestId,
          correlationId: ctx?.correlationId,
          method: req.method,
          path,
          status: res.statusCode,
          durationMs: Math.round(seconds * 1e4) / 10,
          // The client went away before the whole answer was written.
          aborted: res.writableFinished ? undefined : true,
        },
        'request',
      );
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
