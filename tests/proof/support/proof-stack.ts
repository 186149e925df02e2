// The money path as separate processes that a test can kill and restart: the Stripe sandbox,
// billing, access and the gateway from the built dist (as `npm start` and the commerce benchmarks
// run them), on a database of their own and on a private nats-server (the machine's shared one
// on 4222 must never be killed). Ports are fixed at creation, so a restarted process comes back
// at the same address and the sandbox's webhooks find billing again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomSecretKey } from '@mia/stripe-sandbox';
import pg from 'pg';
import {
  createTestDatabase,
  freePort,
  provisionTestNats,
  randomSuffix,
  serviceTestEnv,
  startNatsServer,
  startPrivatePostgres,
  startTcpProxy,
  type PrivatePostgres,
  waitFor,
  type TcpProxy,
  type OwnNatsServer,
  type TestDatabase,
} from '@mia/testing';
import { root, sessionSigner } from '../../../bench/src/commerce-stack.js';
import { startProcess, type ManagedProcess } from '../../../scripts/local/managed-process.js';
import { checkLedger } from '../ledger/check.js';
import type { LedgerReport } from '../ledger/classify.js';

export interface ProofProcess {
  readonly name: string;
  readonly url: string;
  readonly script: string;
  /** Its environment (for its operator commands: `parked retry`, `replay`). */
  readonly env: Record<string, string>;
  readonly running: boolean;
  /** Starts (again) and waits until it answers its health path. */
  start(): Promise<void>;
  /** SIGKILL by default: a crash, no shutdown hooks. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Its last lines of output, for failure messages. */
  recentOutput(): string;
}

export interface ProofStack {
  db: TestDatabase;
  /** The stack's own PostgreSQL server, when asked for (it can then be restarted). */
  postgres: PrivatePostgres | undefined;
  nats: OwnNatsServer;
  prefix: string;
  sandbox: ProofProcess;
  /** The sandbox's secret key, random for this stack (its API and its control endpoints). */
  sandboxKey: string;
  /** A control endpoint of the sandbox (`/_clock/advance`, `/_webhooks`...), with the key. */
  sandboxControl(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response>;
  billing: ProofProcess;
  access: ProofProcess;
  gateway: ProofProcess;
  /**
   * Faults on the wire: billing and access reach PostgreSQL through `database`, and access
   * reaches NATS through `accessNats` (billing's relay talks to NATS directly).
   */
  proxies: { database: TcpProxy; accessNats: TcpProxy };
  /** A session token for a user, as identity issues it (development key). */
  sessionFor(userId: string): Promise<string>;
  /** The ledger check over this stack (dashboards through the gateway). */
  ledger(): Promise<LedgerReport>;
  stop(): Promise<void>;
}

export interface ProofStackOptions {
  /** A PostgreSQL server of the stack's own, which a test may restart (the shared one, not). */
  privatePostgres?: boolean;
  /** Extra environment per process. */
  env?: Partial<Record<'sandbox' | 'billing' | 'access' | 'gateway', Record<string, string>>>;
}

function proofProcess(
  name: string,
  script: string,
  port: number,
  env: Record<string, string>,
  readyPath = '/healthz',
): ProofProcess {
  const url = `http://127.0.0.1:${port}`;
  let child: ManagedProcess | undefined;
  let lastOutput = '';
  return {
    name,
    url,
    script,
    env: { ...env, PORT: String(port) },
    get running() {
      return child?.running ?? false;
    },
    async start() {
      if (child?.running) return;
      const started = startProcess(name, process.execPath, [script], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port) },
      });
      child = started;
      await waitFor(
        async () => {
          if (!started.running)
            throw new Error(`${name} exited before ${url} answered:\n${started.recentOutput()}`);
          return (await fetch(`${url}${readyPath}`).catch(() => undefined))?.ok ? true : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 50, message: `${name} on ${url}` },
      );
    },
    async kill(signal = 'SIGKILL') {
      if (!child) return;
      lastOutput = child.recentOutput();
      await child.stop(signal, 10_000);
    },
    recentOutput: () => child?.recentOutput() ?? lastOutput,
  };
}

export async function startProofStack(options: ProofStackOptions = {}): Promise<ProofStack> {
  const postgres = options.privatePostgres ? await startPrivatePostgres() : undefined;
  const db = postgres ? await postgres.createDatabase() : await createTestDatabase();
  const nats = await startNatsServer();
  const prefix = `proof${randomSuffix()}.`;
  // The deployment's provisioning step: the services only check that the streams exist.
  await provisionTestNats(nats.url, prefix);
  const dbUrl = new URL(db.url);
  const database = await startTcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
  const accessNats = await startTcpProxy({ host: '127.0.0.1', port: nats.port });
  const viaProxy = new URL(db.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(database.port);
  const mailDir = await mkdtemp(join(tmpdir(), 'mia-proof-mail-'));
  const [sandboxPort, billingPort, accessPort, gatewayPort] = await Promise.all(
    [0, 1, 2, 3].map(() => freePort()),
  );
  const serviceEnv = (extra: Record<string, string> = {}, natsUrl = nats.url) =>
    serviceTestEnv(
      { url: viaProxy.toString() },
      { url: natsUrl, prefix },
      // No drain on SIGTERM: only the teardown stops these gracefully (the scenarios kill with
      // SIGKILL), and nothing is left to route away from then. A test may set its own.
      { HOST: '127.0.0.1', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0', ...extra },
    );
  const sandboxKey = randomSecretKey();
  const sandbox = proofProcess(
    'stripe sandbox',
    `${root}libs/stripe-sandbox/dist/main.js`,
    sandboxPort!,
    {
      MIA_ENV: 'test',
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_SECRET_KEY: sandboxKey,
      STRIPE_WEBHOOK_URL: `http://127.0.0.1:${billingPort}/api/webhooks/stripe`,
      ...options.env?.sandbox,
    },
    '/_health',
  );
  const billing = proofProcess(
    'billing',
    `${root}services/billing/dist/main.js`,
    billingPort!,
    serviceEnv({
      STRIPE_SANDBOX_URL: sandbox.url,
      STRIPE_SANDBOX_SECRET_KEY: sandboxKey,
      MAIL_DIR: mailDir,
      ...options.env?.billing,
    }),
  );
  const access = proofProcess(
    'access',
    `${root}services/access/dist/main.js`,
    accessPort!,
    serviceEnv(options.env?.access, `nats://127.0.0.1:${accessNats.port}`),
  );
  const gateway = proofProcess('gateway', `${root}services/gateway/dist/main.js`, gatewayPort!, {
    MIA_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    BILLING_URL: billing.url,
    ACCESS_URL: access.url,
    STRIPE_SANDBOX_URL: sandbox.url,
    ...options.env?.gateway,
  });
  const processes = [sandbox, billing, access, gateway];
  const sign = sessionSigner();
  const sessionFor = (userId: string) =>
    sign({ userId, email: `proof-${userId.slice(0, 8)}@iglesia.org`, name: 'Pastor Prueba' });

  const stop = async () => {
    await Promise.all(processes.map((p) => p.kill('SIGTERM')));
    await accessNats.close();
    await database.close();
    await nats.dispose();
    await db.drop().catch(() => undefined);
    await postgres?.cleanup();
    await rm(mailDir, { recursive: true, force: true });
  };
  try {
    // The sandbox first (billing's webhooks and payments go to it), then the rest at once: each
    // service migrates its own schema, and the gateway probes its upstreams until they answer.
    await sandbox.start();
    await Promise.all([billing, access, gateway].map((p) => p.start()));
    // Access is ready once billing's first catalogue reached it, which may be part of it: the
    // scenarios start when it holds every tool billing publishes (ADR 0018).
    await waitFor(
      async () => {
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ same: boolean }>(
            `SELECT (SELECT count(*) FROM billing.catalog_products WHERE status <> 'draft') =
                    (SELECT count(*) FROM access.catalog_products) AS same`,
          );
          return rows[0]?.same ? true : undefined;
        } finally {
          await client.end();
        }
      },
      { timeoutMs: 30_000, intervalMs: 100, message: "access to hold billing's catalogue" },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    db,
    postgres,
    nats,
    prefix,
    sandbox,
    sandboxKey,
    sandboxControl: (method, path, body) =>
      fetch(`${sandbox.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${sandboxKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    billing,
    access,
    gateway,
    proxies: { database, accessNats },
    sessionFor,
    ledger: () =>
      checkLedger({
        sandboxUrl: sandbox.url,
        sandboxSecretKey: sandboxKey,
        billingDatabaseUrl: db.url,
        accessDatabaseUrl: db.url,
        gateway: { url: gateway.url, sessionFor },
      }),
    stop,
  };
}
