import type { RequestHandler } from 'express';
import { httpRequestDuration, httpRequestsTotal, type Logger } from '@mia/service-kit';

const OWN_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

interface Routed {
  gatewayService?: string;
}

/**
 * One metrics sample per request, labelled by owning service (or `web`, `gateway`), and a log line only
 * for failures: every proxied request is logged by its service with the same request id, and
 * the gateway is the first throughput ceiling (ENVIRONMENT.md), so it stays quiet otherwise.
 */
export function gatewayAccessLog(logger: Logger): RequestHandler {
  const verbose = logger.isLevelEnabled('debug');
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (req as Routed).gatewayService ?? (OWN_PATHS.has(req.path) ? 'gateway' : 'web');
      const status = res.statusCode;
      const labels = { method: req.method, route, status: String(status) };
      httpRequestsTotal.inc(labels);
      httpRequestDuration.observe(labels, seconds);
      if (status >= 500 || verbose) {
        logger[status >= 500 ? 'warn' : 'debug'](
          {
            requestId: res.getHeader('x-request-id'),
            method: req.method,
            path: req.path,
            upstream: route,
            status,
            durationMs: Math.round(seconds * 1e4) / 10,
          },
          'request',
        );
      }
    });
    next();
  };
}
