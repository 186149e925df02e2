import express, { type Express } from 'express';
import type { Logger } from '../logger.js';
import { accessLog } from './access-log.js';
import { rejectCrossOrigin } from './cross-origin.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { healthRoutes, type ReadinessCheck } from './health.js';
import { trackInFlight } from './in-flight.js';
import { requestContext } from './request-context.js';
import { traceRequests } from './trace-requests.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The exact bytes of a JSON body, for signature checks (e.g. payment webhooks). */
      rawBody?: Buffer;
    }
  }
}

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  /** Largest JSON body accepted (default '100kb'); false: no body parsing (proxies). */
  jsonLimit?: string | number | false;
  /** Dependencies checked by GET /readyz. */
  readiness?: readonly ReadinessCheck[];
  /** Time each readiness check gets (default 2000 ms). */
  readinessTimeoutMs?: number;
  /**
   * Origins browsers may send state-changing requests from (besides the service's own host);
   * omitted: no cross-origin check (internal-only services).
   */
  allowedOrigins?: readonly string[];
  /**
   * How long a readiness answer is reused (default 0: every GET /readyz checks). Metrics are
   * not served here: see startMetricsServer.
   */
  readinessCacheMs?: number;
  /**
   * Express 'trust proxy' setting, for req.ip behind the gateway: its addresses only
   * (TRUSTED_PROXIES), or anyone reaching the service directly picks its own address.
   */
  trustProxy?: boolean | number | string | readonly string[];
  /** Mount the service's routes here; the app is then finalized (404 + error handler). */
  routes?: (app: Express) => void;
}

const loggers = new WeakMap<Express, Logger>();

/**
 * The Express app every service starts from: request ids, access log and request metrics,
 * health endpoints, JSON bodies, cross-origin refusal. Mount routes, then call finalizeApp (or pass
 * `routes`).
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const { logger } = options;
  const app = express();
  app.disable('x-powered-by');
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  app.locals.service = options.service;
  loggers.set(app, logger);

  trackInFlight(app);
  app.use(traceRequests);
  app.use(requestContext);
  app.use(accessLog(logger));
  app.use(
    healthRoutes(options.readiness ?? [], options.readinessTimeoutMs ?? 2000, logger, {
      cacheMs: options.readinessCacheMs ?? 0,
    }),
  );
  if (options.allowedOrigins) app.use(rejectCrossOrigin(options.allowedOrigins));
  if (options.jsonLimit !== false) {
    app.use(
      express.json({
        limit: options.jsonLimit ?? '100kb',
        verify: (req, _res, buf) => {
          (req as express.Request).rawBody = buf;
        },
      }),
    );
  }

  if (options.routes) {
    options.routes(app);
    finalizeApp(app);
  }
  return app;
}

/** Adds the JSON 404 and the error handler; call after mounting every route. */
export function finalizeApp(app: Express, logger?: Logger): Express {
  const log = logger ?? loggers.get(app);
  if (!log) throw new Error('finalizeApp: pass the logger for apps not made by createHttpApp');
  app.use(notFoundHandler);
  app.use(errorHandler(log));
  return app;
}
