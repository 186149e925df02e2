// Shared plumbing of the commerce benchmarks (billing.ts, access.ts): the real services run as
// their own processes from the built dist (as `npm start` runs them), on a database and NATS
// prefix of their own, and everything started here is stopped and dropped by `stop()`.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createSessionSigner, devKeys } from '@mia/service-kit';
import {
  createTestDatabase,
  createTestNats,
  freePort,
  serviceTestEnv,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';

export const root = fileURLToPath(new URL('../../', import.meta.url));

const began = performance.now();

/** A progress line on stderr (stdout carries the report). */
export const progress = (message: string): void => {
  console.error(`[${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}`);
};

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export const round = (n: number, digits = 2): number =>
  Number.isFinite(n) ? Number(n.toFixed(digits)) : NaN;

/** A figure for a Markdown table: `n/a` instead of NaN. */
export const fmt = (n: number, digits = 2): string =>
  // Trailing zeros go only after a decimal point (980 stays 980, 9.50 becomes 9.5).
  Number.isFinite(n)
    ? n
        .toFixed(digits)
        .replace(/(\.\d*?)0+$/, '$1')
        .replace(/\.$/, '')
    : 'n/a';

export interface LoadFigures {
  label: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  errors: number;
  /** What the errors were, when there were any: `2 non-2xx, 1 timeouts`. */
  errorKinds: string;
}

export interface LoadOptions {
  url: string;
  seconds: number;
  connections?: number;
  /** Fixed offered load (requests per second over all connections); unset: saturation. */
  rate?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * Requests taken in turn (headers merged over `headers`, body instead of `body`): many
   * customers' tokens or codes instead of one.
   */
  variants?: readonly { headers?: Record<string, string>; body?: string }[];
}

/** One autocannon request that takes the next variant each time it is sent. */
function rotating(variants: NonNullable<LoadOptions['variants']>): autocannon.Request {
  let next = 0;
  return {
    setupRequest: (req) => {
      const variant = variants[next++ % variants.length]!;
      return {
        ...req,
        headers: { ...req.headers, ...variant.headers },
        ...(variant.body === undefined ? {} : { body: variant.body }),
      };
    },
  };
}

/** One autocannon run; errors count socket errors, timeouts and non-2xx answers. */
export async function load(label: string, options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.rate === undefined ? {} : { overallRate: options.rate }),
    ...(options.variants?.length ? { requests: [rotating(options.variants)] } : {}),
  });
  return {
    label,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    // autocannon counts timeouts among its errors.
    errors: result.errors + result.non2xx,
    errorKinds: [
      [result.non2xx, 'non-2xx'],
      [result.timeouts, 'timeouts'],
      [result.errors - result.timeouts, 'socket errors'],
    ]
      .filter(([n]) => Number(n) > 0)
      .map(([n, kind]) => `${n} ${kind}`)
      .join(', '),
  };
}

/** Session tokens as identity issues them (development key), for any user. */
export function sessionSigner() {
  const keys = devKeys();
  if (!keys) throw new Error('development keys not found');
  const sign = createSessionSigner({
    privateKeyPem: keys.privateKeyPem,
    issuer: 'mia-identity',
    audience: 'mia',
  });
  return async (user: { userId: string; email: string; name: string }) =>
    (await sign({ ...user, role: 'user' })).token;
}

async function waitReady(name: string, url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited (${child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name}: ${url} did not come up`);
}

export interface Stack {
  db: TestDatabase;
  nats: TestNats;
  /** Forks a script, waits until `readyPath` answers 2xx on its port, returns its base URL. */
  start(
    name: string,
    script: string,
    env: Record<string, string>,
    options?: { readyPath?: string; port?: number; execArgv?: string[] },
  ): Promise<string>;
  /** The environment a kit service needs on this stack's database and prefix. */
  serviceEnv(port: number, extra?: Record<string, string>): Record<string, string>;
  /** Resident memory of a started process, in MB (from /proc; NaN where there is none). */
  rssMb(name: string): number;
  /** Process id of a started process (undefined before it starts). */
  pid(name: string): number | undefined;
  stop(): Promise<void>;
}

function rssMbOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

const live = new Set<Stack>();

/** Stops every stack still running (an interrupted run). */
export async function stopAllStacks(): Promise<void> {
  await Promise.all([...live].map((stack) => stack.stop()));
}

/** A database and NATS prefix of its own, and the processes started on them. */
export async function createStack(): Promise<Stack> {
  const db = await createTestDatabase();
  const nats = await createTestNats();
  const children: ChildProcess[] = [];
  const named = new Map<string, ChildProcess>();
  let stopped: Promise<void> | undefined;
  const stack: Stack = {
    db,
    nats,
    serviceEnv: (port, extra = {}) =>
      serviceTestEnv(db, nats, {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...extra,
      }),
    rssMb: (name) => rssMbOf(named.get(name)?.pid),
    pid: (name) => named.get(name)?.pid,
    async start(name, script, env, options = {}) {
      const port = options.port ?? Number(env.PORT ?? (await freePort()));
      const child = fork(script, [], {
        // Metrics on any free port: PORT + 1000 of a free port may be taken.
        env: { METRICS_PORT: '0', ...process.env, ...env, PORT: String(port) },
        execArgv: options.execArgv ?? [],
        // Logs would interleave with the report; errors still show.
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      children.push(child);
      named.set(name, child);
      const url = `http://127.0.0.1:${port}`;
      await waitReady(name, `${url}${options.readyPath ?? '/healthz'}`, child);
      return url;
    },
    stop: () =>
      (stopped ??= (async () => {
        live.delete(stack);
        // Last started first: the gateway before the services it forwards to.
        for (const child of children.reverse()) {
          if (child.exitCode !== null || child.signalCode !== null) continue;
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timer);
        }
        await nats.cleanup();
        await db.drop();
      })()),
  };
  live.add(stack);
  return stack;
}

export { freePort };
