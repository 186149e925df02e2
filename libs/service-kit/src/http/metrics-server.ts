import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { listen } from '../lifecycle/listen.js';
import { ensureDefaultMetrics, metricsRegistry } from './metrics.js';

/**
 * GET /metrics and nothing else, for the listener Prometheus scrapes. It is kept off the public
 * port: the metrics name routes, volumes and failures an outsider has no business seeing.
 */
export function metricsListener() {
  ensureDefaultMetrics();
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Error'),
    );
  };
}

/** The metrics listener on its own port (a scraper needs few connections and no patience). */
export const startMetricsServer = (port: number, host?: string): Promise<Server> =>
  listen(metricsListener(), port, host, { maxConnections: 16 });

/** Stops the metrics listener, connections and all (a scrape is cheap to retry). */
export const stopMetricsServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
