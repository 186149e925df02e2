import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import { healthRoutes, type Logger } from '@mia/service-kit';
import { upstreamsOf, type GatewayConfig } from './config.js';
import { gatewayAccessLog, requestObserver } from './gateway-metrics.js';
import { upstreamReadiness } from './health.js';
import { createLandingCatalog, httpCatalogFetcher } from './landing-catalog.js';
import { createLandingPage } from './landing-page.js';
import { createApiProxy } from './proxy.js';
import { createRouteResolver, isProxiedPath, type ServiceName } from './routes-table.js';
import { sendJson } from './responses.js';
import { createSandboxProxy, SANDBOX_PATH } from './sandbox-proxy.js';
import { apiSecurityHeaders, securityHeaders } from './security-headers.js';
import { loadStaticSite } from './static.js';
import { createUpstreamPool, type UpstreamPool } from './upstream-pool.js';

export interface GatewayDeps {
  readonly config: GatewayConfig;
  readonly logger: Logger;
}

export interface GatewayApp {
  /**
   * What the server runs: `/api/*` and the routed `/.well-known/` paths straight to the proxy,
   * everything else to `app`.
   */
  readonly listener: RequestListener;
  /** Express for the gateway's own paths, the sandbox and the web app. */
  readonly app: Express;
  /** Whether web/dist was found; without it a placeholder page is served. */
  readonly webBuilt: boolean;
  /** Stops the probes and releases the keep-alive connections to the services. */
  close(): void;
}

/**
 * The gateway: security headers on everything, its own health endpoints (metrics are on the
 * separate internal listener, see main.ts), `/api/*` streamed to
 * the owning service untouched (no body parsing: webhooks need the raw bytes, and parsing costs
 * throughput), and the built web app for every other path.
 */
export function createGatewayApp({ config, logger }: GatewayDeps): GatewayApp {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', config.TRUST_PROXY);

  const production = config.MIA_ENV === 'production';
  const pools = {} as Record<ServiceName, UpstreamPool>;
  for (const [service, urls] of Object.entries(upstreamsOf(config)) as Array<
    [ServiceName, readonly string[]]
  >) {
    pools[service] = createUpstreamPool(urls, {
      probeIntervalMs: config.UPSTREAM_PROBE_INTERVAL_MS,
      probeTimeoutMs: Math.min(config.READY_TIMEOUT_MS, config.UPSTREAM_PROBE_INTERVAL_MS),
    });
  }
  const proxy = createApiProxy({
    pools,
    timeoutMs: config.PROXY_TIMEOUT_MS,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    securityHeaders: apiSecurityHeaders(production),
    logger,
  });
  // The landing page lists billing's published tools in its HTML (crawlers, link previews).
  const landingCatalog = createLandingCatalog({
    fetchCatalog: httpCatalogFetcher(
      () => pools.billing.pick().url,
      // Short: it never holds a page once a copy exists (the last good one is served meanwhile).
      config.READY_TIMEOUT_MS,
    ),
    logger,
  });
  const site = loadStaticSite(
    config.WEB_DIST,
    logger,
    createLandingPage(landingCatalog, { origin: config.PUBLIC_ORIGIN }),
  );

  app.use(gatewayAccessLog(logger));
  const sandbox = config.STRIPE_SANDBOX_URL ? createSandboxProxy(config.STRIPE_SANDBOX_URL) : null;
  if (sandbox) app.use(SANDBOX_PATH, sandbox.handler);
  app.use(securityHeaders(production));
  app.use(
    healthRoutes(
      upstreamReadiness(pools),
      // The checks only wait for the first round of probes, each bounded by its own timeout.
      2 * config.READY_TIMEOUT_MS,
      logger,
      { cacheMs: config.READY_CACHE_MS },
    ),
  );
  app.use(site.handler);
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(((err, req, res, _next) => {
    logger.error({ err, method: req.method, path: req.path }, 'gateway error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJson(res, 500, { message: 'Internal server error', code: 'internal_error' });
  }) as express.ErrorRequestHandler);

  const observe = requestObserver(logger);
  const owner = createRouteResolver();
  const listener: RequestListener = (req, res) => {
    if (!isProxiedPath(req.url ?? '/', owner)) {
      void app(req, res);
      return;
    }
    observe(req, res);
    proxy.handler(req, res);
  };

  return {
    listener,
    app,
    webBuilt: site.built,
    close: () => {
      for (const pool of Object.values(pools)) pool.close();
      sandbox?.close();
    },
  };
}
