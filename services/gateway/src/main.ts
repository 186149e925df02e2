import {
  boundPort,
  createLogger,
  exitOnFatalErrors,
  gracefulShutdown,
  listen,
} from '@mia/service-kit';
import { createGatewayApp } from './app.js';
import { loadGatewayConfig } from './config.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
exitOnFatalErrors(logger);

const gateway = createGatewayApp({ config, logger });
const server = await listen(gateway.listener, config.PORT, config.HOST);
logger.info({ port: boundPort(server), webBuilt: gateway.webBuilt }, 'gateway listening');

gracefulShutdown({
  server,
  logger,
  steps: [{ name: 'upstream connections', stop: gateway.close }],
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
});
