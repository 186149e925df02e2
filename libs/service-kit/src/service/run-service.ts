import type { z } from 'zod';
import { loadConfig } from '../config/load.js';
import { createPool } from '../db/pool.js';
import { rebuildProjections } from '../events/replay.js';
import { gracefulShutdown } from '../lifecycle/graceful-shutdown.js';
import { exitOnFatalErrors } from '../lifecycle/fatal-errors.js';
import { createLogger } from '../logger.js';
import type { BaseConfig } from '../config/base.js';
import type { ServiceContext, ServiceDefinition } from './definition.js';
import { connectNats, natsCredentialsOf } from './nats.js';
import { applyServingV8Flags } from './memory-flags.js';
import { listParked, redriveParked, reprocessConsumer } from './operations.js';
import { provisionCommand } from './provision-command.js';
import { startService } from './start-service.js';

const USAGE = `Commands:
  serve                      run the service (default)
  replay                     rebuild the projections from the event store
  parked [--all]             list parked events (--all: re-driven ones too)
  parked retry <id|all>      publish parked events again for their consumer
  reprocess <consumer>       rebuild a consumer-fed read model from the start of the stream
  nats-provision <topology>  create the NATS streams and every service's durables (admin user)`;

/**
 * A service's main: `node dist/main.js` serves; the other commands (USAGE) are operations a
 * person runs against the same database and broker, then exit.
 */
export async function runService<S extends z.ZodObject, Tx, Db, D>(
  def: ServiceDefinition<S, Tx, Db, D>,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  const [command = 'serve', ...args] = argv;
  switch (command) {
    case 'serve':
      return serve(def);
    case 'replay':
    case 'parked':
    case 'reprocess':
      return operate(def, command, args);
    case 'nats-provision':
      return provisionCommand(args[0]);
    default:
      console.error(`Unknown command "${command}".\n${USAGE}`);
      process.exit(2);
  }
}

async function serve<S extends z.ZodObject, Tx, Db, D>(def: ServiceDefinition<S, Tx, Db, D>) {
  // Before the first query compiles Prisma's WebAssembly (memory-flags.ts says why).
  applyServingV8Flags();
  const running = await startService(def);
  exitOnFatalErrors(running.ctx.logger);
  gracefulShutdown({
    server: running.server,
    logger: running.ctx.logger,
    steps: running.steps,
    timeoutMs: running.ctx.config.SHUTDOWN_TIMEOUT_MS,
    drainMs: running.ctx.config.SHUTDOWN_DRAIN_MS,
  });
}

async function operate<S extends z.ZodObject, Tx, Db, D>(
  def: ServiceDefinition<S, Tx, Db, D>,
  command: 'replay' | 'parked' | 'reprocess',
  args: string[],
) {
  const config = loadConfig(def.configSchema) as z.output<S> & BaseConfig;
  const logger = createLogger(def.name, config.LOG_LEVEL);
  const schema = config.DATABASE_SCHEMA ?? def.name;
  const pool = createPool({
    url: config.DATABASE_URL,
    schema,
    applicationName: `${def.name}-${command}`,
  });
  const database = def.database(pool, config);
  try {
    if (command === 'replay') {
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
      let reported = 0;
      const { events } = await rebuildProjections({
        runner: database.runner,
        schema,
        projections,
        timeoutMs: config.REPLAY_TIMEOUT_MS,
        onProgress: (applied) => {
          // A line every 100k events: a long rebuild shows it is moving, a short one stays quiet.
          if (applied - reported < 100_000) return;
          reported = applied;
          logger.info({ events: applied }, 'replaying');
        },
      });
      logger.info({ events, projections: projections.map((p) => p.name) }, 'projections rebuilt');
      return;
    }
    if (command === 'parked' && args[0] !== 'retry') {
      const rows = await listParked(database.runner.sql, schema, args.includes('--all'));
      console.log(rows.length === 0 ? 'No parked events.' : JSON.stringify(rows, null, 2));
      return;
    }
    // With the service's own credentials `parked retry` may re-publish only its own events;
    // the admin user (NATS_USER=admin and its password) re-publishes any.
    const nats = await connectNats(
      config.NATS_URL,
      `${def.name}-${command}`,
      logger,
      natsCredentialsOf(config, def.name),
    );
    try {
      if (command === 'parked') {
        const which = args[1] === 'all' ? 'all' : Number(args[1]);
        if (which !== 'all' && !Number.isInteger(which))
          throw new Error(`parked retry <id|all>\n${USAGE}`);
        const ids = await redriveParked(database.runner.sql, schema, nats, which);
        console.log(ids.length === 0 ? 'Nothing to re-drive.' : `Re-driven: ${ids.join(', ')}`);
        return;
      }
      const consumer = args[0];
      if (!consumer) throw new Error(`reprocess <consumer>\n${USAGE}`);
      const result = await reprocessConsumer({
        runner: database.runner,
        schema,
        nats,
        prefix: config.NATS_PREFIX,
        durable: `${def.name}-${consumer}`,
        readModel: def.readModels?.find((m) => m.consumer === consumer),
      });
      console.log(
        `Consumer ${def.name}-${consumer} reset${result.durableDeleted ? '' : ' (no durable existed)'}; ` +
          'it reads its streams from the start when the service (re)connects.',
      );
    } finally {
      await nats.drain();
    }
  } finally {
    await database.close();
    await pool.end();
  }
}
