import type { Server } from 'node:http';
import type { Express } from 'express';
import type { z } from 'zod';
import { createSessionAuth } from '../auth/middleware.js';
import { startRevocationFeed, type RevocationFeed } from '../auth/revocation-feed.js';
import { RevocationList, revocationsReadiness } from '../auth/revocations.js';
import { createSessionVerifier } from '../auth/verifier.js';
import { allowedOrigins, sessionCookieSettings, type BaseConfig } from '../config/base.js';
import {
  httpServerConfigProblems,
  metricsAddressOf,
  serverLimitsOf,
} from '../config/http-server.js';
import { ConfigError, loadConfig } from '../config/load.js';
import { configForLog } from '../config/redact.js';
import { runMigrations } from '../db/migrate.js';
import { createPool, withSearchPath } from '../db/pool.js';
import { observePool } from '../db/pool-metrics.js';
import { createConsumer, type EventConsumer } from '../events/consumer.js';
import { createEventStore } from '../events/event-store.js';
import { randomIds, type Clock, type IdGenerator } from '../domain/clock.js';
import { serviceClock, testClockProblems } from './service-clock.js';
import { createCommandHandler } from '../domain/command-handler.js';
import { createRelay } from '../events/relay.js';
import { createHttpApp } from '../http/create-app.js';
import { inFlightOf } from '../http/in-flight.js';
import { natsReadiness, postgresReadiness } from '../http/health.js';
import { startMetricsServer, stopMetricsServer } from '../http/metrics-server.js';
import { collectWhenIdle } from '../lifecycle/idle-gc.js';
import { boundPort, listen } from '../lifecycle/listen.js';
import type { ShutdownStep } from '../lifecycle/graceful-shutdown.js';
import { createLogger } from '../logger.js';
import { createMailWorker, type MailWorker } from '../mail/mail-worker.js';
import type { ServiceContext, ServiceDefinition } from './definition.js';
import { awaitStreams, connectNats, natsCredentialsOf } from './nats.js';

export interface StartOptions {
  /** Environment to read instead of process.env (tests: a test database, a unique prefix). */
  env?: Record<string, string | undefined>;
  /** The service's clock and ids (tests: a manual clock); default the system's. */
  clock?: Clock;
  newId?: IdGenerator;
}

export interface RunningService<C extends BaseConfig, Tx, Db, D = void> {
  url: string;
  port: number;
  app: Express;
  server: Server;
  /** The internal listener that serves GET /metrics (METRICS_PORT), apart from `server`. */
  metricsServer: Server;
  metricsUrl: string;
  ctx: ServiceContext<C, Tx, Db>;
  /** What the definition's setup built. */
  deps: D;
  /** The mail queue's worker, when the definition has a mailer (tests drain it). */
  mailWorker: MailWorker | undefined;
  /** Resolves once the (provisioned) JetStream streams exist and the consumers are pulling. */
  eventsReady: Promise<void>;
  /** Everything to stop, in order (for gracefulShutdown); `stop()` runs them all. */
  steps: ShutdownStep[];
  stop(): Promise<void>;
}

/**
 * Starts a service from its definition: config, logs, migrations, pool, NATS, event store,
 * relay, consumers, session auth, HTTP with health and metrics. HTTP comes up before the
 * broker is reachable; readiness reports it, and events wait in the store meanwhile.
 */
export async function startService<S extends z.ZodObject, Tx, Db, D = void>(
  def: ServiceDefinition<S, Tx, Db, D>,
  options: StartOptions = {},
): Promise<RunningService<z.output<S> & BaseConfig, Tx, Db, D>> {
  type C = z.output<S> & BaseConfig;
  const config = loadConfig(def.configSchema, options.env ?? process.env) as C;
  const serverProblems = [...httpServerConfigProblems(config), ...testClockProblems(config)];
  if (serverProblems.length > 0)
    throw new ConfigError(serverProblems, config.MIA_ENV === 'production');
  const logger = createLogger(config.SERVICE_NAME ?? def.name, config.LOG_LEVEL);
  const schema = config.DATABASE_SCHEMA ?? def.name;
  logger.info({ config: configForLog(def.configSchema, config) }, 'starting');

  await runMigrations({ url: config.DATABASE_URL, schema, dirs: [def.migrationsDir], logger });
  const pool = createPool({
    url: config.DATABASE_URL,
    schema,
    max: config.DATABASE_POOL_MAX,
    waitMs: config.DATABASE_POOL_WAIT_MS,
    applicationName: def.name,
    logger,
  });
  observePool(pool, def.name);
  const database = def.database(pool, config);
  const nats = await connectNats(
    config.NATS_URL,
    def.name,
    logger,
    natsCredentialsOf(config, def.name),
  );

  const revocations = new RevocationList();
  const verifier = createSessionVerifier({
    publicKeyPem: config.JWT_PUBLIC_KEY,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    isRevoked: revocations.isRevoked,
    maxSessionAgeSec: config.SESSION_ABSOLUTE_HOURS * 3600,
  });
  const auth = createSessionAuth({ verifier, cookieName: sessionCookieSettings(config).name });

  const ctx: ServiceContext<C, Tx, Db> = {
    name: def.name,
    config,
    logger,
    schema,
    pool,
    db: database.db,
    runner: database.runner,
    // Projections are attached below; they may need the context themselves.
    events: undefined as never,
    commands: undefined as never,
    clock: options.clock ?? serviceClock(config),
    newId: options.newId ?? randomIds,
    nats,
    auth,
    revocations,
  };
  ctx.events = createEventStore({
    runner: database.runner,
    schema,
    projections: def.projections?.(ctx) ?? [],
    clock: ctx.clock,
  });
  ctx.commands = createCommandHandler({ store: ctx.events, clock: ctx.clock, newId: ctx.newId });
  const deps = def.setup ? def.setup(ctx) : (undefined as D);
  const mailer = def.mailer?.(deps);
  const mailWorker: MailWorker | undefined = mailer
    ? createMailWorker({
        pool,
        url: withSearchPath(config.DATABASE_URL, schema),
        schema,
        mailer,
        logger,
      })
    : undefined;

  await def.onStart?.(ctx, deps);
  mailWorker?.start();

  const relay = createRelay({
    url: withSearchPath(config.DATABASE_URL, schema),
    schema,
    nats,
    prefix: config.NATS_PREFIX,
    logger,
    publisher: def.name,
  });
  const consumers: EventConsumer[] = (def.consumers?.(ctx, deps) ?? []).map((c) =>
    createConsumer({
      runner: database.runner,
      store: ctx.events,
      clock: ctx.clock,
      newId: ctx.newId,
      schema,
      nats,
      prefix: config.NATS_PREFIX,
      name: `${def.name}-${c.name}`,
      subscriptions: c.subscriptions,
      maxDeliver: c.maxDeliver,
      ackWaitMs: config.NATS_ACK_WAIT_MS,
      logger,
    }),
  );

  const feeds = def.feeds?.(ctx, deps) ?? [];
  const stopping = new AbortController();
  let revocationFeed: RevocationFeed | undefined;
  const startedFeeds: RevocationFeed[] = [];
  const eventsReady = (async () => {
    if (!(await awaitStreams(nats, config.NATS_PREFIX, logger, stopping.signal))) return;
    // A stop that came while the streams were being made: start nothing more on a connection
    // that is about to drain (a feed started after its stop step would keep the drain waiting).
    if (stopping.signal.aborted) return;
    revocationFeed = await startRevocationFeed({
      nats,
      prefix: config.NATS_PREFIX,
      revocations,
      logger,
      lookbackMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    });
    for (const feed of feeds) {
      if (stopping.signal.aborted) return;
      startedFeeds.push(await feed.start());
    }
    if (stopping.signal.aborted) return;
    relay.start();
    await Promise.all(consumers.map((c) => c.start()));
  })();
  eventsReady.catch((err: unknown) => logger.error({ err }, 'event backbone failed to start'));

  const app = createHttpApp({
    service: def.name,
    logger,
    // Not ready before the revocations recorded so far are known (a revoked session must never
    // pass on a replica that has just started).
    readiness: [
      postgresReadiness(pool),
      natsReadiness(nats),
      revocationsReadiness(revocations),
      ...feeds.map((feed) => revocationsReadiness(feed.list, feed.name)),
    ],
    allowedOrigins: allowedOrigins(config),
    trustProxy: config.TRUSTED_PROXIES,
    routes: (a) => def.routes(a, ctx, deps),
  });
  const server = await listen(app, config.PORT, config.HOST, serverLimitsOf(config));
  const port = boundPort(server);
  // A load's garbage would otherwise stay resident while the service idles.
  const stopIdleGc = collectWhenIdle(server);
  const metricsAddress = metricsAddressOf(config);
  const metricsServer = await startMetricsServer(metricsAddress.port, metricsAddress.host).catch(
    async (err: unknown) => {
      stopIdleGc();
      await new Promise((resolve) => server.close(resolve));
      throw err;
    },
  );
  const metricsPort = boundPort(metricsServer);
  logger.info({ port, metricsPort }, 'listening');

  const inFlight = inFlightOf(app);
  const steps: ShutdownStep[] = [
    // Handlers still running for clients that already hung up: the pool must outlive them.
    { name: 'requests in flight', stop: () => inFlight.idle() },
    { name: 'idle collection', stop: stopIdleGc },
    {
      name: 'events startup',
      // Waits for a start in progress to give up, so the steps below stop what it started.
      stop: async () => {
        stopping.abort();
        await eventsReady.catch(() => undefined);
      },
    },
    {
      name: 'consumers',
      stop: () => Promise.all(consumers.map((c) => c.stop())).then(() => undefined),
    },
    { name: 'relay', stop: () => relay.stop() },
    { name: 'revocation feed', stop: () => revocationFeed?.stop() },
    {
      name: 'feeds',
      stop: () => Promise.all(startedFeeds.map((f) => f.stop())).then(() => undefined),
    },
    // Before the service's own steps, which close the mailer it sends through.
    { name: 'mail queue', stop: () => mailWorker?.stop() },
    ...(def.shutdownSteps?.(ctx, deps) ?? []),
    { name: 'nats', stop: () => nats.drain() },
    { name: 'database client', stop: () => database.close() },
    { name: 'pool', stop: () => pool.end() },
    // Last, so the metrics of the shutdown itself can still be scraped.
    { name: 'metrics listener', stop: () => stopMetricsServer(metricsServer) },
  ];

  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    app,
    server,
    metricsServer,
    metricsUrl: `http://127.0.0.1:${metricsPort}`,
    ctx,
    deps,
    mailWorker,
    eventsReady,
    steps,
    stop: () =>
      (stopped ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        for (const step of steps) {
          try {
            await step.stop();
          } catch (err) {
            logger.warn({ err, step: step.name }, 'stop step failed');
          }
        }
      })()),
  };
}
