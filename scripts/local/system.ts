import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfNeeded } from './build.js';
import { startProcess, type ManagedProcess } from './managed-process.js';
import { findOrStartNats, type NatsServer } from './nats.js';
import { tagged, type Output } from './output.js';
import { freePort, isPortOpen, portOrFree, waitForPort } from './ports.js';
import { findOrStartPostgres, redact, type PostgresServer } from './postgres.js';
import { provisionDatabase } from './provision.js';
import { SERVICES, passwordOf, roleOf, type ServiceName } from './services.js';

export interface LocalSystemOptions {
  root: string;
  /** Where .data lives (PostgreSQL files, NATS store, mails). */
  dataDir: string;
  output: Output;
  /** Gateway port; 0 picks a free one (and free ports for the services too). */
  port: number;
  /** Host the gateway listens on (the services always listen on 127.0.0.1). */
  host?: string;
  database: string;
  natsPrefix: string;
  mailDir: string;
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: string;
  compile: 'always' | 'if-missing';
  /** Environment for discovery and for every process (DATABASE_URL, NATS_URL, keys, ...). */
  env: NodeJS.ProcessEnv;
  /** How long services may take to become ready (first start applies every migration). */
  readyTimeoutMs?: number;
  /** Aborting gives up the start: whatever was started is stopped again. */
  signal?: AbortSignal;
}

export interface RunningService {
  readonly name: ServiceName | 'gateway';
  readonly url: string;
  readonly process: ManagedProcess;
}

export interface LocalSystem {
  readonly baseUrl: string;
  /** Admin URL of the system's database (tools and tests, never the services). */
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly natsPrefix: string;
  readonly mailDir: string;
  /** The Stripe sandbox (no STRIPE_SECRET_KEY), undefined with real Stripe keys. */
  readonly sandboxUrl: string | undefined;
  readonly services: ReadonlyMap<string, RunningService>;
  /** Stops the gateway and the services, then what this launcher started (NATS, PostgreSQL). */
  stop(): Promise<void>;
}

async function waitReady(
  service: RunningService,
  timeoutMs: number,
  signal?: AbortSignal,
  path = '/readyz',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    if (!service.process.running) {
      throw new Error(
        `${service.name} exited before it was ready. Its last output:\n${service.process.recentOutput()}`,
      );
    }
    try {
      const res = await fetch(`${service.url}${path}`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${service.name} was not ready after ${timeoutMs / 1000} s. Its last output:\n` +
          service.process.recentOutput(),
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The Stripe sandbox's port when `npm start` runs on the standard ports. */
export const SANDBOX_PORT = 12111;

async function ports(
  port: number,
): Promise<{ gateway: number; sandbox: number; services: Record<string, number> }> {
  if (port === 0) {
    const services: Record<string, number> = {};
    for (const { name } of SERVICES) services[name] = await freePort();
    return { gateway: await freePort(), sandbox: await freePort(), services };
  }
  const services = Object.fromEntries(SERVICES.map((s) => [s.name, s.port]));
  const taken = [];
  for (const [name, p] of [['gateway', port] as const, ...Object.entries(services)]) {
    if (await isPortOpen(p)) taken.push(`${name} ${p}`);
  }
  if (taken.length > 0) {
    throw new Error(
      `Ports already in use: ${taken.join(', ')}. Is the system already running? ` +
        'Stop it, or start on another gateway port with PORT=9080 npm start ' +
        '(the services use 8081-8084).',
    );
  }
  // The sandbox only needs some port; another one taken is no reason to refuse to start.
  return { gateway: port, sandbox: await portOrFree(SANDBOX_PORT), services };
}

/**
 * The whole system on this machine, the same way for `npm start` and for system tests:
 * PostgreSQL and NATS found or started, the database provisioned (a role and a schema per
 * service), the build brought up to date, the four services and the gateway started and ready.
 */
export async function startLocalSystem(options: LocalSystemOptions): Promise<LocalSystem> {
  const { root, output, signal } = options;
  const log = tagged(output, 'start', 7);
  const infraLog = tagged(output, 'infra', 6);
  const stack: Array<() => Promise<void>> = [];
  // Undo in reverse order whatever was started, when the start fails or is interrupted.
  const unwind = async () => {
    for (let undo = stack.pop(); undo; undo = stack.pop()) await undo().catch(() => undefined);
  };

  try {
    mkdirSync(options.dataDir, { recursive: true });
    const names = SERVICES.map((s) => s.name);

    const [pgResult, natsResult] = await Promise.allSettled([
      findOrStartPostgres({
        root,
        dataDir: options.dataDir,
        env: options.env,
        log,
        onServerLine: tagged(output, 'postgres', 4),
      }),
      findOrStartNats({
        dataDir: options.dataDir,
        env: options.env,
        log,
        onServerLine: tagged(output, 'nats', 5),
      }),
    ]);
    for (const result of [pgResult, natsResult]) {
      if (result.status === 'fulfilled') stack.push(() => result.value.stop());
    }
    if (pgResult.status === 'rejected') throw pgResult.reason;
    if (natsResult.status === 'rejected') throw natsResult.reason;
    const postgres: PostgresServer = pgResult.value;
    const nats: NatsServer = natsResult.value;
    infraLog(`PostgreSQL: ${postgres.source} (${redact(postgres.adminUrl)})`);
    infraLog(`NATS: ${nats.source} (${nats.url})`);

    signal?.throwIfAborted();
    await buildIfNeeded({ root, services: names, log, compile: options.compile });
    signal?.throwIfAborted();

    const provisioned = await provisionDatabase({
      adminUrl: postgres.adminUrl,
      database: options.database,
      services: names.map((name) => ({
        name,
        role: roleOf(name),
        password: passwordOf(name, options.env),
      })),
      log,
    });

    const {
      gateway: gatewayPort,
      sandbox: sandboxPort,
      services: servicePorts,
    } = await ports(options.port);
    const baseUrl = `http://${options.port === 0 ? '127.0.0.1' : 'localhost'}:${gatewayPort}`;
    mkdirSync(options.mailDir, { recursive: true });

    const common: NodeJS.ProcessEnv = {
      ...options.env,
      NODE_ENV: options.nodeEnv,
      LOG_LEVEL: options.logLevel,
      NATS_URL: nats.url,
      NATS_PREFIX: options.natsPrefix,
      PUBLIC_ORIGIN: options.env.PUBLIC_ORIGIN || baseUrl,
      // On a developer's machine every browser and test run comes from 127.0.0.1, and an
      // acceptance run alone registers seven users: identity's 10 per address per 15 minutes
      // would refuse the second run. A production start keeps identity's own limit.
      ...(options.nodeEnv !== 'production' && !options.env.RATE_LIMIT_REGISTER_PER_IP
        ? { RATE_LIMIT_REGISTER_PER_IP: '200' }
        : {}),
    };
    const running = new Map<string, RunningService>();
    const start = (
      name: ServiceName | 'gateway',
      port: number,
      env: NodeJS.ProcessEnv,
      index: number,
    ) => {
      const main = join(root, 'services', name, 'dist', 'main.js');
      // The build above made every dist; a missing one is a broken build, never a smaller system.
      if (!existsSync(main))
        throw new Error(`services/${name}/dist/main.js is missing after the build`);
      const proc = startProcess(name, process.execPath, [main], {
        cwd: root,
        env: { ...common, ...env, PORT: String(port) },
        onLine: tagged(output, name, index),
      });
      const service: RunningService = { name, url: `http://127.0.0.1:${port}`, process: proc };
      running.set(name, service);
      stack.push(() => proc.stop());
      return service;
    };

    // Without Stripe keys the Stripe sandbox stands in for Stripe: billing talks to it with the
    // same SDK, it sends its webhooks to billing, and the gateway forwards the browser to it.
    const sandboxUrl = options.env.STRIPE_SECRET_KEY
      ? undefined
      : `http://127.0.0.1:${sandboxPort}`;
    let sandbox: ManagedProcess | undefined;
    if (sandboxUrl) {
      sandbox = startProcess(
        'stripe',
        process.execPath,
        [join(root, 'libs', 'stripe-sandbox', 'dist', 'main.js')],
        {
          cwd: root,
          env: {
            ...common,
            SANDBOX_PORT: String(sandboxPort),
            SANDBOX_HOST: '127.0.0.1',
            STRIPE_WEBHOOK_URL: `http://127.0.0.1:${servicePorts.billing}/api/webhooks/stripe`,
          },
          onLine: tagged(output, 'stripe', 5),
        },
      );
      const started = sandbox;
      stack.push(() => started.stop());
      await waitForPort(sandboxPort, '127.0.0.1', 30_000);
      log(`Stripe sandbox (no STRIPE_SECRET_KEY): ${sandboxUrl}`);
    }

    SERVICES.forEach(({ name }, index) => {
      start(
        name,
        servicePorts[name] ?? 0,
        {
          HOST: '127.0.0.1',
          DATABASE_URL: provisioned.serviceUrls[name],
          DATABASE_SCHEMA: name,
          MAIL_DIR: options.mailDir,
          ...(name === 'billing' && sandboxUrl ? { STRIPE_SANDBOX_URL: sandboxUrl } : {}),
        },
        index,
      );
    });
    const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
    await Promise.all([...running.values()].map((s) => waitReady(s, readyTimeoutMs, signal)));

    const upstream = (name: string) => `http://127.0.0.1:${servicePorts[name]}`;
    const gateway = start(
      'gateway',
      gatewayPort,
      {
        HOST: options.host ?? options.env.HOST ?? '0.0.0.0',
        IDENTITY_URL: upstream('identity'),
        BILLING_URL: upstream('billing'),
        ACCESS_URL: upstream('access'),
        SUPPORT_URL: upstream('support'),
        ...(sandboxUrl ? { STRIPE_SANDBOX_URL: sandboxUrl } : {}),
        DATABASE_URL: undefined,
      },
      SERVICES.length,
    );
    // The gateway is ready when its own /readyz says every service is.
    await waitReady(gateway, readyTimeoutMs, signal, '/readyz');

    const stopAll = async () => {
      // Gateway first (no new requests), then the services together, then the infrastructure.
      await gateway.process.stop();
      await Promise.all(
        [...running.values()].filter((s) => s !== gateway).map((s) => s.process.stop()),
      );
      await sandbox?.stop();
      stack.length = 0;
      await Promise.all([nats.stop(), postgres.stop()]);
    };

    return {
      baseUrl,
      databaseUrl: provisioned.databaseUrl,
      natsUrl: nats.url,
      natsPrefix: options.natsPrefix,
      mailDir: options.mailDir,
      sandboxUrl,
      services: running,
      stop: stopAll,
    };
  } catch (err) {
    await unwind();
    throw err;
  }
}
