// One memory run: the whole system from the built dist (the load benchmark's stack), each
// process read when started, right after a moderate mixed load through the gateway, and after
// idling: resident memory from /proc and V8's figures from its /metrics.
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { products } from '@mia/catalog';
import { load, progress, type LoadFigures } from './commerce-stack.js';
import { runLevel } from './load-levels.js';
import { SERVICES, startLoadStack, type LoadStack } from './load-stack.js';
import {
  parseHeapMetrics,
  parseProcStatus,
  type HeapFigures,
  type ProcessMemory,
} from './memory-figures.js';

export const MEASURED = [...SERVICES, 'gateway'] as const;
export type Measured = (typeof MEASURED)[number];

export interface Sample {
  proc: ProcessMemory;
  heap: HeapFigures;
}
export type Phase = 'started' | 'after load' | 'idle' | 'live';
export const PHASES = ['started', 'after load', 'idle'] as const;

export interface MemoryRunOptions {
  /** Virtual users doing whole journeys (register to ticket) and for how long. */
  journeyUsers: number;
  journeySeconds: number;
  /** Seconds of each autocannon run (GET /api/user, GET /api/dashboard, verification). */
  seconds: number;
  connections: number;
  idleSeconds: number;
  /**
   * Directory for a heap snapshot of each process taken after the idle reading (the processes
   * must run with --heapsnapshot-signal=SIGUSR2); the snapshot's full GC shows what is live.
   */
  snapshotDir?: string;
}

export interface MemoryRun {
  options: MemoryRunOptions;
  /** NODE_OPTIONS and MALLOC_ARENA_MAX the processes ran with. */
  nodeOptions: string;
  mallocArenaMax: string;
  samples: Record<Exclude<Phase, 'live'>, Record<Measured, Sample>> & {
    live?: Record<Measured, Sample>;
  };
  journeys: number;
  loads: LoadFigures[];
}

// Verification API: the limits are counted in memory; raised so the run measures work, not 429s.
const GPT_KEY = 'bench-memory-gpt-key-0123456789';
const VERIFY_ENV = {
  GPT_API_KEYS: GPT_KEY,
  GPT_VERIFY_RATE_LIMIT_MAX: '1000000000',
  GPT_VERIFY_PER_CODE_MAX: '1000000000',
};
const PASSWORD = 'Gracia-y-Paz-2026';

async function sample(stack: LoadStack): Promise<Record<Measured, Sample>> {
  const pids = await stack.pids();
  const entries = await Promise.all(
    MEASURED.map(async (name) => {
      const status = await readFile(`/proc/${pids[name]}/status`, 'utf8').catch(() => '');
      const metrics = await fetch(stack.metrics[name])
        .then((r) => r.text())
        .catch(() => '');
      return [name, { proc: parseProcStatus(status), heap: parseHeapMetrics(metrics) }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Measured, Sample>;
}

/** Heap snapshots of each process (one at a time), then a reading of what stayed live. */
async function snapshots(stack: LoadStack, dir: string): Promise<Record<Measured, Sample>> {
  const pids = await stack.pids();
  for (const name of MEASURED) {
    const pid = pids[name];
    process.kill(pid, 'SIGUSR2');
    // Written into the process's working directory as Heap.<date>.<pid>.<...>.heapsnapshot.
    let size = -1;
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const file = (await readdir(dir)).find(
        (f) => f.includes(`.${pid}.`) && f.endsWith('.heapsnapshot'),
      );
      if (!file) continue;
      const now = (await stat(join(dir, file))).size;
      if (now === size && now > 0) break;
      size = now;
    }
    progress(`memory: heap snapshot of ${name} written`);
  }
  return sample(stack);
}

/** A registered, signed-in customer through the gateway: its session cookie and access code. */
export async function customer(gateway: string): Promise<{ cookie: string; accessCode: string }> {
  const id = crypto.randomUUID().slice(0, 12);
  const email = `memoria.${id}@iglesia.org`;
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${gateway}${path}`, {
      method: 'POST',
      headers: { origin: gateway, 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/register', {
    name: 'Pastor Memoria',
    username: `memoria_${id}`,
    email,
    password: PASSWORD,
  });
  if (!registered.ok) throw new Error(`register ${registered.status}: ${await registered.text()}`);
  const login = await post('/api/login', { username: email, password: PASSWORD });
  if (!login.ok) throw new Error(`login ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const dashboard = await fetch(`${gateway}/api/dashboard`, { headers: { cookie } });
  if (!dashboard.ok) throw new Error(`dashboard ${dashboard.status}`);
  const { accessCode } = (await dashboard.json()) as { accessCode: string };
  return { cookie, accessCode };
}

export async function memoryRun(options: MemoryRunOptions): Promise<MemoryRun> {
  Object.assign(process.env, VERIFY_ENV);
  const stack = await startLoadStack();
  try {
    // Let start-up work (migrations' pools, JIT of the first requests) settle first.
    await new Promise((r) => setTimeout(r, 5_000));
    const started = await sample(stack);

    progress(
      `memory: ${options.journeyUsers} users doing journeys for ${options.journeySeconds} s`,
    );
    const level = await runLevel(stack, options.journeyUsers, options.journeySeconds, 20);
    const { cookie, accessCode } = await customer(stack.gateway);
    const headers = { cookie };
    const common = { seconds: options.seconds, connections: options.connections };
    const loads: LoadFigures[] = [];
    progress('memory: GET /api/user, GET /api/dashboard, POST /api/gpt/v1/verify');
    loads.push(
      await load('GET /api/user', { ...common, url: `${stack.gateway}/api/user`, headers }),
    );
    loads.push(
      await load('GET /api/dashboard', {
        ...common,
        url: `${stack.gateway}/api/dashboard`,
        headers,
      }),
    );
    // The customer owns no tool: each call is the denied verification (a GptAccessDenied append).
    loads.push(
      await load('POST /api/gpt/v1/verify', {
        ...common,
        url: `${stack.gateway}/api/gpt/v1/verify`,
        method: 'POST',
        headers: { authorization: `Bearer ${GPT_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ accessCode, productId: products[0]!.id }),
      }),
    );
    const afterLoad = await sample(stack);
    progress(`memory: idling ${options.idleSeconds} s`);
    await new Promise((r) => setTimeout(r, options.idleSeconds * 1000));
    const idle = await sample(stack);
    const live = options.snapshotDir ? await snapshots(stack, options.snapshotDir) : undefined;
    return {
      options,
      nodeOptions: process.env.NODE_OPTIONS ?? '',
      mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? '',
      samples: { started, 'after load': afterLoad, idle, ...(live ? { live } : {}) },
      journeys: level.journeys,
      loads,
    };
  } finally {
    await stack.stop();
  }
}
