// Issue 22's benchmarks in one run on one stack (scale-stack.ts): the GPT verification call for
// many customers, the dashboard at a fixed rate and GET /api/user, each ours through the gateway
// against the minimal stack behind the plain proxy, in rounds that alternate which goes first;
// then event propagation between two services. Returns the figures; scale-report.ts words them.
import { loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { load, progress, type LoadFigures, type LoadOptions } from './commerce-stack.js';
import { backendPids, countCpu, type CpuUse, type PartPids } from './cpu.js';
import { benchScalePropagation, type PropagationFigures } from './scale-propagation.js';
import { seedCustomers, type Customer } from './scale-customers.js';
import { GPT_KEY, startScaleStack, type ScaleStack } from './scale-stack.js';
import { register } from './user-read.js';

export const PHASES = ['verify', 'dashboard', 'user', 'propagation'] as const;
export type Phase = (typeof PHASES)[number];

export interface ScaleOptions {
  customers: number;
  toolsEach: number;
  /** Seconds per saturation run. */
  seconds: number;
  /** Saturation rounds (verification, GET /api/user). */
  rounds: number;
  /** Fixed offered rate (req/s) and seconds and rounds at it (verification, dashboard). */
  rate: number;
  fixedSeconds: number;
  fixedRounds: number;
  /** Events timed through propagation, and the rate they are appended at. */
  events: number;
  eventRate: number;
  phases: readonly Phase[];
}

/** One load run and the CPU each part of the stack spent on it. */
export type Measured = LoadFigures & { cpu: CpuUse };

/** Ours and the minimal stack, one run each. */
export interface Pair {
  ours: Measured;
  minimal: Measured;
}

export interface ScaleFigures {
  options: ScaleOptions;
  /** The 1-min load average at the start of each phase. */
  loads: { phase: string; load: number }[];
  verify?: {
    sameAnswer: boolean;
    saturation: Pair[];
    fixedRate: Pair[];
    /** Uses appended by each stack over the whole phase (its events table), against answers. */
    appended: { ours: number; minimal: number };
  };
  dashboard?: { sameAnswer: boolean; fixedRate: Pair[] };
  user?: { sameAnswer: boolean; saturation: Pair[] };
  propagation?: PropagationFigures;
}

type Target = Omit<LoadOptions, 'seconds' | 'rate'> & { cpu: PartPids };

/** `rounds` rounds of ours and minimal, alternating which goes first. */
async function rounds(
  what: string,
  targets: { ours: Target; minimal: Target },
  count: number,
  seconds: number,
  rate?: number,
): Promise<Pair[]> {
  const out: Pair[] = [];
  for (let r = 0; r < count; r++) {
    progress(`scale: ${what}, round ${r + 1} of ${count} (${seconds} s per stack)`);
    const order = (r % 2 === 0 ? ['ours', 'minimal'] : ['minimal', 'ours']) as (keyof Pair)[];
    const pair = {} as Pair;
    for (const side of order) {
      const counted = await countCpu(targets[side].cpu);
      const figures = await load(
        side === 'ours' ? 'ours, through the gateway' : 'minimal, through the plain proxy',
        {
          ...targets[side],
          seconds,
          ...(rate === undefined ? {} : { rate }),
        },
      );
      pair[side] = { ...figures, cpu: await counted() };
    }
    out.push(pair);
  }
  return out;
}

/** Whose CPU counts for each stack: its front door, its service, its PostgreSQL backends. */
function cpuParts(s: ScaleStack, sql: pg.Client, service: string, minimal: string) {
  const pid = (name: string) => async () => [s.stack.pid(name)].filter((p) => p !== undefined);
  return {
    ours: {
      front: pid('gateway'),
      service: pid(service),
      database: backendPids(sql, 'minimal-stack', false),
    },
    minimal: {
      front: pid('plain proxy'),
      service: pid(minimal),
      database: backendPids(sql, 'minimal-stack', true),
    },
  };
}

async function post(url: string, headers: Record<string, string>, body: string) {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function get(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function verifyPhase(s: ScaleStack, customers: Customer[], o: ScaleOptions, sql: pg.Client) {
  const cpu = cpuParts(s, sql, 'access', 'minimal verify');
  const headers = { authorization: `Bearer ${GPT_KEY}`, 'content-type': 'application/json' };
  // Every customer's code in turn (their first tool, then everyone's second...): codes rotated.
  const interleaved = Array.from({ length: o.toolsEach }, (_, j) =>
    customers.map((c) => ({
      body: JSON.stringify({ accessCode: c.accessCode, productId: c.owns[j] }),
    })),
  ).flat();
  let sameAnswer = true;
  for (const v of interleaved.slice(0, 20)) {
    const ours = await post(`${s.gateway}/api/gpt/v1/verify`, headers, v.body);
    const theirs = await post(`${s.proxy}/api/gpt/v1/verify`, headers, v.body);
    if (ours.status !== 200 || (ours.body as { allowed?: boolean }).allowed !== true) {
      throw new Error(`verification: ${ours.status} ${JSON.stringify(ours.body)}`);
    }
    if (!isDeepStrictEqual(ours, theirs)) {
      sameAnswer = false;
      console.warn(
        'The minimal verification answers differently:',
        JSON.stringify({ ours, theirs }),
      );
    }
  }
  const count = async (table: string) =>
    Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
  const before = {
    ours: await count('access.events'),
    minimal: await count('bench_minimal.events'),
  };
  const targets = {
    ours: {
      url: `${s.gateway}/api/gpt/v1/verify`,
      method: 'POST' as const,
      headers,
      variants: interleaved,
      cpu: cpu.ours,
    },
    minimal: {
      url: `${s.proxy}/api/gpt/v1/verify`,
      method: 'POST' as const,
      headers,
      variants: interleaved,
      cpu: cpu.minimal,
    },
  };
  progress('scale: verification warm-up');
  await load('warm-up', { ...targets.ours, seconds: 3 });
  await load('warm-up', { ...targets.minimal, seconds: 3 });
  const saturation = await rounds('verification at saturation', targets, o.rounds, o.seconds);
  const fixedRate = await rounds(
    `verification at ${o.rate} req/s`,
    targets,
    o.fixedRounds,
    o.fixedSeconds,
    o.rate,
  );
  const after = {
    ours: await count('access.events'),
    minimal: await count('bench_minimal.events'),
  };
  return {
    sameAnswer,
    saturation,
    fixedRate,
    appended: { ours: after.ours - before.ours, minimal: after.minimal - before.minimal },
  };
}

async function dashboardPhase(
  s: ScaleStack,
  customers: Customer[],
  o: ScaleOptions,
  sql: pg.Client,
) {
  const cpu = cpuParts(s, sql, 'access', 'minimal dashboard');
  const variants = customers.map((c) => ({ headers: { authorization: `Bearer ${c.token}` } }));
  let sameAnswer = true;
  for (const v of variants.slice(0, 10)) {
    const ours = await get(`${s.gateway}/api/dashboard`, v.headers);
    const theirs = await get(`${s.proxy}/api/dashboard`, v.headers);
    if (ours.status !== 200)
      throw new Error(`dashboard: ${ours.status} ${JSON.stringify(ours.body)}`);
    if (!isDeepStrictEqual(ours, theirs)) {
      sameAnswer = false;
      console.warn('The minimal dashboard answers differently:', JSON.stringify({ ours, theirs }));
    }
  }
  const targets = {
    ours: { url: `${s.gateway}/api/dashboard`, variants, cpu: cpu.ours },
    minimal: { url: `${s.proxy}/api/dashboard`, variants, cpu: cpu.minimal },
  };
  progress('scale: dashboard warm-up');
  await load('warm-up', { ...targets.ours, seconds: 2 });
  await load('warm-up', { ...targets.minimal, seconds: 2 });
  const fixedRate = await rounds(
    `dashboard at ${o.rate} req/s`,
    targets,
    o.fixedRounds,
    o.fixedSeconds,
    o.rate,
  );
  return { sameAnswer, fixedRate };
}

async function userPhase(s: ScaleStack, o: ScaleOptions, sql: pg.Client) {
  const cpu = cpuParts(s, sql, 'identity', 'minimal user');
  const token = await register(s.identity);
  const headers = { authorization: `Bearer ${token}` };
  const ours = await get(`${s.gateway}/api/user`, headers);
  const theirs = await get(`${s.proxy}/api/user`, headers);
  const sameAnswer = ours.status === 200 && isDeepStrictEqual(ours, theirs);
  if (!sameAnswer) console.warn('The minimal GET /api/user answers differently:', ours, theirs);
  const targets = {
    ours: { url: `${s.gateway}/api/user`, headers, cpu: cpu.ours },
    minimal: { url: `${s.proxy}/api/user`, headers, cpu: cpu.minimal },
  };
  progress('scale: GET /api/user warm-up');
  await load('warm-up', { ...targets.ours, seconds: 2 });
  await load('warm-up', { ...targets.minimal, seconds: 2 });
  const saturation = await rounds('GET /api/user at saturation', targets, o.rounds, o.seconds);
  return { sameAnswer, saturation };
}

export async function benchScale(o: ScaleOptions): Promise<ScaleFigures> {
  const figures: ScaleFigures = { options: o, loads: [] };
  const phase = (name: string) => {
    figures.loads.push({ phase: name, load: loadavg()[0] ?? NaN });
  };
  phase('start');
  const s = await startScaleStack();
  const sql = new pg.Client({ connectionString: s.stack.db.url });
  try {
    await sql.connect();
    const wants = (p: Phase) => o.phases.includes(p);
    const customers =
      wants('verify') || wants('dashboard') ? await seedCustomers(s, o.customers, o.toolsEach) : [];
    if (wants('verify')) {
      phase('verification');
      figures.verify = await verifyPhase(s, customers, o, sql);
    }
    if (wants('dashboard')) {
      phase('dashboard');
      figures.dashboard = await dashboardPhase(s, customers, o, sql);
    }
    if (wants('user')) {
      phase('GET /api/user');
      figures.user = await userPhase(s, o, sql);
    }
    if (wants('propagation')) {
      phase('propagation');
      progress(`scale: event propagation, ${o.events} events at ${o.eventRate}/s`);
      figures.propagation = await benchScalePropagation(
        s.stack.db.url,
        s.stack.nats,
        o.events,
        o.eventRate,
      );
    }
    phase('end');
    return figures;
  } finally {
    await sql.end().catch(() => undefined);
    await s.stack.stop();
  }
}
