import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayHost } from './bind.js';
import { buildIfNeeded } from './build.js';
import { startProcess, type ManagedProcess } from './managed-process.js';
import { findOrStartNats, provisionLocalNats, type NatsServer } from './nats.js';
import { tagged, type Output } from './output.js';
import { freePort, isPortOpen, portOrFree, waitForPort } from './ports.js';
import { findOrStartPostgres, redact, type PostgresServer } from './postgres.js';
import { provisionDatabase } from './provision.js';
import { processKey, replicasOf } from './replicas.js';
import { randomSandboxKey } from './sandbox-key.js';
import { SERVICES, passwordOf, roleOf, type ServiceName } from './services.js';

export interface LocalSystemOptions {
  root: string;
  /** Where .data lives (PostgreSQL files, NATS store, mails). */
  dataDir: string;
  output: Output;
  /** Gateway port; 0 picks a free one (and free ports for the services too). */
  port: number;
  /**
   * Host the gateway listens on; default HOST, else 127.0.0.1 (see bind.ts). The services always
   * listen on 127.0.0.1.
   */
  host?: string;
  database: string;
  natsPrefix: string;
  mailDir: string;
  /** MIA_ENV of every process: development (`npm start`), test (the suites) or production. */
  miaEnv: 'development' | 'test' | 'production';
  logLevel: string;
  compile: 'always' | 'if-missing';
  /** Environment for discovery and for every process (DATABASE_URL, NATS_URL, keys, ...). */
  env: NodeJS.ProcessEnv;
  /** How long services may take to become ready (first start applies every migration). */
  readyTimeoutMs?: number;
  /** Aborting gives up the start: whatever was started is stopped again. */
  signal?: AbortSignal;
  /** The Stripe sandbox's secret key (sandbox mode); default a random one for this start. */
  sandboxSecretKey?: string;
}

export interface RunningService {
  readonly name: ServiceName | 'gateway';
  /** 1 for the first (or only) process of a service, 2, 3... for further replicas. */
  readonly replica: number;
  readonly url: string;
  /** The current process (a new one after restartService). */
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
  /** The sandbox's secret key of this start (its control endpoints need it), with the sandbox. */
  readonly sandboxSecretKey: string | undefined;
  /** By process: `identity` for a service's first replica, `identity-2`... for further ones. */
  readonly services: ReadonlyMap<string, RunningService>;
  /**
   * A rolling restart of one process: SIGTERM (it drains), wait for the exit, start it again
   * on the same ports, wait until it is ready.
   */
  restartService(key: string): Promise<void>;
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

// Each process serves /metrics on its own internal port, PORT + 1000 (the kit's default).
const METRICS_PORT_OFFSET = 1000;
// Further replicas of a service on the standard ports: 8181, 8281... beside identity's 8081.
const REPLICA_PORT_STEP = 100;
async function ports(
  port: number,
  replicas: Record<ServiceName, number>,
): Promise<{ gateway: number; sandbox: number; services: Record<ServiceName, number[]> }> {
  const services = {} as Record<ServiceName, number[]>;
  if (port === 0) {
    for (const { name } of SERVICES) {
      services[name] = [];
      for (let i = 0; i < replicas[name]; i++) services[name].push(await freePort());
    }
    return { gateway: await freePort(), sandbox: await freePort(), services };
  }
  for (const s of SERVICES)
    services[s.name] = Array.from(
      { length: replicas[s.name] },
      (_, i) => s.port + i * REPLICA_PORT_STEP,
    );
  const taken = [];
  const wanted: Array<[string, number]> = [['gateway', port]];
  for (const [name, list] of Object.entries(services))
    list.forEach((p, i) => wanted.push([processKey(name, i + 1), p]));
  for (const [name, p] of wanted) {
    if (await isPortOpen(p)) taken.push(`${name} ${p}`);
    const metrics = p + METRICS_PORT_OFFSET;
    if (await isPortOpen(metrics)) taken.push(`${name} metrics ${metrics}`);
  }
  if (taken.length > 0) {
    throw new Error(
      `Ports already in use: ${taken.join(', ')}. Is the system already running? ` +
        'Stop it, or start on another gateway port with PORT=7080 npm start ' +
        '(the services use 8081-8084, further replicas 8181-8184 and so on, metrics PORT + 1000).',
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
    const replicas = replicasOf(options.env);

    const postgres: PostgresServer = await findOrStartPostgres({
      root,
      dataDir: options.dataDir,
      env: options.env,
      log,
      onServerLine: tagged(output, 'postgres', 4),
    });
    stack.push(() => postgres.stop());
    infraLog(`PostgreSQL: ${postgres.source} (${redact(postgres.adminUrl)})`);

    signal?.throwIfAborted();
    await buildIfNeeded({ root, services: names, log, compile: options.compile });
    signal?.throwIfAborted();

    // After the build: its users and provisioning come from the kit (libs/service-kit/dist).
    const nats: NatsServer = await findOrStartNats({
      dataDir: options.dataDir,
      env: options.env,
      log,
      onServerLine: tagged(output, 'nats', 5),
      prefix: options.natsPrefix,
    });
    stack.push(() => nats.stop());
    infraLog(`NATS: ${nats.source} (${nats.url})`);
    // The streams and durables: the services only check that they exist.
    await provisionLocalNats(nats, options.natsPrefix);
    log(`NATS streams and durables provisioned for prefix ${options.natsPrefix}`);

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
    } = await ports(options.port, replicas);
    const baseUrl = `http://${options.port === 0 ? '127.0.0.1' : 'localhost'}:${gatewayPort}`;
    mkdirSync(options.mailDir, { recursive: true });

    // NODE_ENV no longer decides safety; one inherited from the shell (NODE_ENV=production)
    // would only contradict MIA_ENV, which the services refuse.
    const { NODE_ENV: _nodeEnv, ...inherited } = options.env;
    const common: NodeJS.ProcessEnv = {
      ...inherited,
      MIA_ENV: options.miaEnv,
      LOG_LEVEL: options.logLevel,
      NATS_URL: nats.url,
      NATS_PREFIX: options.natsPrefix,
      PUBLIC_ORIGIN: options.env.PUBLIC_ORIGIN || baseUrl,
      // On a developer's machine every browser and test run comes from 127.0.0.1, and an
      // acceptance run alone registers seven users: identity's 10 per address per 15 minutes
      // would refuse the second run. A production start keeps identity's own limit.
      ...(options.miaEnv !== 'production' && !options.env.RATE_LIMIT_REGISTER_PER_IP
        ? { RATE_LIMIT_REGISTER_PER_IP: '200' }
        : {}),
    };
    // The process of each entry is replaced on a restart; respawn starts it the same way again.
    type Live = { -readonly [K in keyof RunningService]: RunningService[K] } & {
      respawn(): ManagedProcess;
    };
    const running = new Map<string, Live>();
    const start = (
      name: ServiceName | 'gateway',
      port: number,
      env: NodeJS.ProcessEnv,
      index: number,
      replica = 1,
    ) => {
      const main = join(root, 'services', name, 'dist', 'main.js');
      // The build above made every dist; a missing one is a broken build, never a smaller system.
      if (!existsSync(main))
        throw new Error(`services/${name}/dist/main.js is missing after the build`);
      const key = processKey(name, replica);
      const spawnIt = () =>
        startProcess(key, process.execPath, [main], {
          cwd: root,
          env: {
            ...common,
            ...env,
            PORT: String(port),
            // Metrics stay on this machine; free ports (any port 0) take any free metrics port.
            METRICS_HOST: '127.0.0.1',
            METRICS_PORT: options.port === 0 ? '0' : String(port + METRICS_PORT_OFFSET),
          },
          onLine: tagged(output, key, index),
        });
      const service: Live = {
        name,
        replica,
        url: `http://127.0.0.1:${port}`,
        process: spawnIt(),
        respawn: spawnIt,
      };
      running.set(key, service);
      stack.push(() => service.process.stop());
      return service;
    };

    // Without Stripe keys the Stripe sandbox stands in for Stripe: billing talks to it with the
    // same SDK, it sends its webhooks to billing, and the gateway forwards the browser to it.
    const sandboxUrl = options.env.STRIPE_SECRET_KEY
      ? undefined
      : `http://127.0.0.1:${sandboxPort}`;
    const sandboxSecretKey = sandboxUrl
      ? (options.sandboxSecretKey ?? randomSandboxKey())
      : undefined;
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
            SANDBOX_SECRET_KEY: sandboxSecretKey,
            // Several billing replicas: through the gateway, which spreads over the ready ones
            // (the sandbox retries a delivery the gateway is not up for yet, as Stripe does).
            STRIPE_WEBHOOK_URL:
              servicePorts.billing.length > 1
                ? `http://127.0.0.1:${gatewayPort}/api/webhooks/stripe`
                : `http://127.0.0.1:${servicePorts.billing[0]}/api/webhooks/stripe`,
          },
          onLine: tagged(output, 'stripe', 5),
        },
      );
      const started = sandbox;
      stack.push(() => started.stop());
      await waitForPort(sandboxPort, '127.0.0.1', 30_000);
      log(`Stripe sandbox (no STRIPE_SECRET_KEY): ${sandboxUrl}`);
    }

    // Every replica of a service, comma-separated: the gateway spreads requests over them, and
    // support's status page probes each.
    const upstream = (name: ServiceName) =>
      servicePorts[name].map((port) => `http://127.0.0.1:${port}`).join(',');
    // What support's status page probes (ADR 0019): every replica of each service, the gateway,
    // and the payment provider (the sandbox when it stands in). A value set in the shell wins.
    const statusProbeTargets = (): NodeJS.ProcessEnv => ({
      STATUS_PROBE_GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
      STATUS_PROBE_IDENTITY_URL: upstream('identity'),
      STATUS_PROBE_BILLING_URL: upstream('billing'),
      STATUS_PROBE_ACCESS_URL: upstream('access'),
      STATUS_PROBE_PAYMENT_PROVIDER_URL:
        sandboxUrl ?? options.env.STRIPE_API_URL ?? 'https://api.stripe.com',
      ...Object.fromEntries(
        Object.entries(options.env).filter(([key]) => key.startsWith('STATUS_PROBE_')),
      ),
    });

    SERVICES.forEach(({ name }, index) => {
      servicePorts[name].forEach((port, i) =>
        start(
          name,
          port,
          {
            HOST: '127.0.0.1',
            DATABASE_URL: provisioned.serviceUrls[name],
            DATABASE_SCHEMA: name,
            MAIL_DIR: options.mailDir,
            // Its own NATS user (its name), when the server has users.
            ...(nats.passwords[name] ? { NATS_PASSWORD: nats.passwords[name] } : {}),
            ...(name === 'billing' && sandboxUrl
              ? { STRIPE_SANDBOX_URL: sandboxUrl, STRIPE_SANDBOX_SECRET_KEY: sandboxSecretKey }
              : {}),
            ...(name === 'support' ? statusProbeTargets() : {}),
          },
          index,
          i + 1,
        ),
      );
    });
    const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
    await Promise.all([...running.values()].map((s) => waitReady(s, readyTimeoutMs, signal)));

    const gateway = start(
      'gateway',
      gatewayPort,
      {
        HOST: gatewayHost(options.host, options.env),
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
      sandboxSecretKey,
      services: running,
      async restartService(key) {
        const service = running.get(key);
        if (!service || service.name === 'gateway')
          throw new Error(`no service process "${key}" to restart`);
        await service.process.stop();
        service.process = service.respawn();
        await waitReady(service, readyTimeoutMs, signal);
      },
      stop: stopAll,
    };
  } catch (err) {
    await unwind();
    throw err;
  }
}
