import type { z } from 'zod';
import { loadConfig } from '../config/load.js';
import { createPool } from '../db/pool.js';
import { rebuildProjections } from '../events/replay.js';
import { gracefulShutdown } from '../lifecycle/graceful-shutdown.js';
import { exitOnFatalErrors } from '../lifecycle/fatal-errors.js';
import { createLogger } from '../logger.js';
import type { BaseConfig } from '../config/base.js';
import type { ServiceContext, ServiceDefinition } from './definition.js';
import { startService } from './start-service.js';

/**
 * A service's main: `node dist/main.js` serves; `node dist/main.js replay` rebuilds the
 * projections from the event store and exits.
 */
export async function runService<S extends z.ZodObject, Tx, Db>(
  def: ServiceDefinition<S, Tx, Db>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  const command = argv[0] ?? 'serve';
  if (command === 'replay') return replay(def);
  if (command !== 'serve') {
    console.error(`Unknown command "${command}". Use "serve" (default) or "replay".`);
    process.exit(2);
  }
  const running = await startService(def);
  exitOnFatalErrors(running.ctx.logger);
  gracefulShutdown({
    server: running.server,
    logger: running.ctx.logger,
    steps: running.steps,
    timeoutMs: running.ctx.config.SHUTDOWN_TIMEOUT_MS,
  });
}

async function replay<S extends z.ZodObject, Tx, Db>(def: ServiceDefinition<S, Tx, Db>) {
  const config = loadConfig(def.configSchema) as z.output<S> & BaseConfig;
  const logger = createLogger(def.name, config.LOG_LEVEL);
  const schema = config.DATABASE_SCHEMA ?? def.name;
  const pool = createPool({
    url: config.DATABASE_URL,
    schema,
    applicationName: `${def.name}-replay`,
  });
  const database = def.database(pool, config);
  try {
    // Projections only need the transaction context; the rest of the context stays unused.
    const ctx = {
      name: def.name,
      config,
      logger,
      schema,
      pool,
      ...database,
    } as unknown as ServiceContext<z.output<S> & BaseConfig, Tx, Db>;
    const projections = def.projections?.(ctx) ?? [];
    const { events } = await rebuildProjections({ runner: database.runner, schema, projections });
    logger.info({ events, projections: projections.map((p) => p.name) }, 'projections rebuilt');
  } finally {
    await database.close();
    await pool.end();
  }
}
