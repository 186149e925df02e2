// One memory run: the whole system from the built dist (the load benchmark's stack), each
// process read when started, right after a moderate mixed load through the gateway, and after
// idling: resident memory from /proc and V8's figures from its /metrics.
import { readFile } from 'node:fs/promises';
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
export type Phase = 'started' | 'after load' | 'idle';
export const PHASES: Phase[] = ['started', 'after load', 'idle'];

export interface MemoryRunOptions {
  /** Virtual users doing whole journeys (register to ticket) and for how long. */
  journeyUsers: number;
  journeySeconds: number;
  /** Seconds of each autocannon run (GET /api/user, GET /api/dashboard, verification). */
  seconds: number;
  connections: number;
  idleSeconds: number;
}

export interface MemoryRun {
  options: MemoryRunOptions;
  /** NODE_OPTIONS the processes ran with. */
  nodeOptions: string;
  samples: Record<Phase, Record<Measured, Sample>>;
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

/** A registered, signed-in customer through the gateway: its session cookie and access code. */
async function customer(gateway: string): Promise<{ cookie: string; accessCode: string }> {
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

    progress(`memory: ${options.journeyUsers} users doing journeys for ${options.journeySeconds} s`);
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
    return {
      options,
      nodeOptions: process.env.NODE_OPTIONS ?? '',
      samples: { started, 'after load': afterLoad, idle },
      journeys: level.journeys,
      loads,
    };
  } finally {
    await stack.stop();
  }
}
