// The whole system for the load benchmark: the Stripe sandbox, the four services and the gateway,
// each its own process from the built dist on the stack's database and NATS prefix (the commerce
// benchmarks' stack), with metrics on known ports, and a way to read each one's CPU time.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomSecretKey } from '@mia/stripe-sandbox';
import { createStack, freePort, root, type Stack } from './commerce-stack.js';

export const SERVICES = ['identity', 'billing', 'access', 'support'] as const;
export type ProcessName = (typeof SERVICES)[number] | 'gateway' | 'sandbox';

export interface LoadStack {
  stack: Stack;
  gateway: string;
  /** /metrics of each service and of the gateway. */
  metrics: Record<Exclude<ProcessName, 'sandbox'>, string>;
  /** The service environment a one-off command (access's replay) needs. */
  serviceEnv(name: (typeof SERVICES)[number]): Record<string, string>;
  /** Pid of each started process (a child of this one, found by its script). */
  pids(): Promise<Record<ProcessName, number>>;
  stop(): Promise<void>;
}

// Every virtual user comes from 127.0.0.1: per-address limits would turn the load into 429s.
const generous = '1000000000';
const IDENTITY_LIMITS = {
  RATE_LIMIT_LOGIN_PER_IP: generous,
  RATE_LIMIT_REGISTER_PER_IP: generous,
  RATE_LIMIT_REGISTER_PER_ACCOUNT: generous,
};

const SCRIPTS: Record<ProcessName, string> = {
  sandbox: 'libs/stripe-sandbox/dist/main.js',
  identity: 'services/identity/dist/main.js',
  billing: 'services/billing/dist/main.js',
  access: 'services/access/dist/main.js',
  support: 'services/support/dist/main.js',
  gateway: 'services/gateway/dist/main.js',
};

/** Pids of this process's children, with their command lines (Linux /proc). */
export async function children(): Promise<Array<{ pid: number; cmdline: string }>> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const task of await readdir('/proc/self/task')) {
    const list = await readFile(`/proc/self/task/${task}/children`, 'utf8').catch(() => '');
    for (const pid of list.split(' ').filter(Boolean).map(Number)) {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      found.push({ pid, cmdline: cmdline.replaceAll('\0', ' ') });
    }
  }
  return found;
}

export async function startLoadStack(): Promise<LoadStack> {
  const stack = await createStack();
  const mailDir = await mkdtemp(join(tmpdir(), 'bench-load-mail-'));
  try {
    const port = async () => String(await freePort());
    const ports = Object.fromEntries(
      await Promise.all(SERVICES.map(async (s) => [s, await port()] as const)),
    ) as Record<(typeof SERVICES)[number], string>;
    const metricsPorts = Object.fromEntries(
      await Promise.all([...SERVICES, 'gateway'].map(async (s) => [s, await port()] as const)),
    ) as Record<Exclude<ProcessName, 'sandbox'>, string>;
    const sandboxPort = Number(await port());
    // Random per run, as with `npm start`: the sandbox refuses a fixed key.
    const sandboxKey = randomSecretKey();
    const gatewayPort = await port();
    // The browser's origin is the gateway's: the services refuse other origins' writes.
    const origin = `http://127.0.0.1:${gatewayPort}`;
    const envOf = (name: (typeof SERVICES)[number]) => ({
      ...stack.serviceEnv(Number(ports[name]), {
        MAIL_DIR: mailDir,
        PUBLIC_ORIGIN: origin,
        METRICS_PORT: metricsPorts[name],
        ...(name === 'identity' ? IDENTITY_LIMITS : {}),
        // No language model: the chat answers from its own triage, as without a key.
        ...(name === 'support'
          ? { OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CHAT_QUOTA_PER_HOUR: '' }
          : {}),
      }),
      ...(name === 'billing'
        ? {
            STRIPE_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
            STRIPE_SANDBOX_SECRET_KEY: sandboxKey,
          }
        : {}),
    });

    const sandbox = await stack.start(
      'sandbox',
      `${root}${SCRIPTS.sandbox}`,
      {
        MIA_ENV: 'test',
        SANDBOX_HOST: '127.0.0.1',
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_SECRET_KEY: sandboxKey,
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${ports.billing}/api/webhooks/stripe`,
      },
      { port: sandboxPort, readyPath: '/_health' },
    );
    const urls: Record<string, string> = {};
    // One after another: each applies its migrations on first start.
    for (const name of SERVICES)
      urls[name] = await stack.start(name, `${root}${SCRIPTS[name]}`, envOf(name));
    const gateway = await stack.start('gateway', `${root}${SCRIPTS.gateway}`, {
      MIA_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: gatewayPort,
      METRICS_PORT: metricsPorts.gateway,
      LOG_LEVEL: 'warn',
      IDENTITY_URL: urls.identity!,
      BILLING_URL: urls.billing!,
      ACCESS_URL: urls.access!,
      SUPPORT_URL: urls.support!,
      STRIPE_SANDBOX_URL: sandbox,
    });

    return {
      stack,
      gateway,
      metrics: Object.fromEntries(
        Object.entries(metricsPorts).map(([name, p]) => [name, `http://127.0.0.1:${p}/metrics`]),
      ) as LoadStack['metrics'],
      serviceEnv: envOf,
      async pids() {
        const list = await children();
        const pids = {} as Record<ProcessName, number>;
        for (const [name, script] of Object.entries(SCRIPTS) as Array<[ProcessName, string]>) {
          const child = list.find((c) => c.cmdline.includes(script));
          if (child) pids[name] = child.pid;
        }
        return pids;
      },
      async stop() {
        await stack.stop();
        await rm(mailDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stack.stop();
    await rm(mailDir, { recursive: true, force: true });
    throw err;
  }
}
