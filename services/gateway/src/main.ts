import '@mia/service-kit/tracing/start-edge'; // first: tracing starts before anything else loads
import {
  boundPort,
  collectWhenIdle,
  createLogger,
  exitOnFatalErrors,
  gracefulShutdown,
  listen,
  metricsAddressOf,
  serverLimitsOf,
  startMetricsServer,
  stopMetricsServer,
} from '@mia/service-kit';
import { createGatewayApp } from './app.js';
import { loadGatewayConfig } from './config.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
exitOnFatalErrors(logger);

const gateway = createGatewayApp({ config, logger });
const server = await listen(gateway.listener, config.PORT, config.HOST, serverLimitsOf(config));
// A load's garbage would otherwise stay resident while the gateway idles (bench/results/memory.md).
const stopIdleGc = collectWhenIdle(server);
// GET /metrics only here, never on the public port.
const metrics = metricsAddressOf(config);
const metricsServer = await startMetricsServer(metrics.port, metrics.host);
logger.info(
  { port: boundPort(server), metricsPort: boundPort(metricsServer), webBuilt: gateway.webBuilt },
  'gateway listening',
);

gracefulShutdown({
  server,
  logger,
  steps: [
    { name: 'idle collection', stop: stopIdleGc },
    { name: 'upstream connections', stop: gateway.close },
    { name: 'metrics listener', stop: () => stopMetricsServer(metricsServer) },
  ],
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  drainMs: config.SHUTDOWN_DRAIN_MS,
});
