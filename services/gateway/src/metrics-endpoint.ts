import type { RequestHandler } from 'express';
import { ensureDefaultMetrics, metricsRegistry } from '@mia/service-kit';

/** GET /metrics: the kit's Prometheus registry (process metrics + per-request samples). */
export function metricsEndpoint(): RequestHandler {
  ensureDefaultMetrics();
  return async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}
