// Rising concurrency: at each level that many virtual users run journeys back to back for a
// fixed time; meanwhile the benchmark samples each process's CPU (/proc/<pid>/stat), the
// PostgreSQL backends of the run's database, and from each /metrics once a second the relays'
// lag, requests waiting for a database connection and identity's password-hash queue.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { percentile, progress } from './commerce-stack.js';
import { journey, STEPS, type Step } from './load-journey.js';
import type { LoadStack, ProcessName } from './load-stack.js';

export interface StepFigures {
  count: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LevelFigures {
  users: number;
  seconds: number;
  journeys: number;
  journeysPerSec: number;
  /** Whole journeys (register to ticket), completed ones only. */
  journey: StepFigures;
  steps: Record<Step, StepFigures>;
  /** `step status` -> count, e.g. `register 503`. */
  errors: Record<string, number>;
  /** Journeys still under way when the level's grace ran out, by the step they were in. */
  cut: Record<string, number>;
  /** Share of one core over the level, per process (100 = one core busy). */
  cpu: Partial<Record<ProcessName | 'postgres (run db)', number>>;
  /** Highest relay lag (events stored, not yet published) seen per service. */
  relayLagMax: Record<string, number>;
  /** Most requests seen waiting for a database connection at once, per service. */
  poolWaitingMax: Record<string, number>;
  /** Most bcrypt tasks seen running or waiting in identity at once. */
  hashQueueMax: number;
}

// Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux).
const TICKS = 100;

async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces) in parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

interface Gauges {
  relayLag: number;
  poolWaiting: number;
  hashTasks: number;
}

/** Sums each gauge's series in one scrape of a process's /metrics; undefined when it failed. */
async function scrape(url: string): Promise<Gauges | undefined> {
  try {
    const text = await (await fetch(url, { signal: AbortSignal.timeout(2_000) })).text();
    const sum = (pattern: RegExp) => {
      let total = 0;
      for (const m of text.matchAll(pattern)) total += Number(m[1]);
      return total;
    };
    return {
      relayLag: sum(/^relay_lag_events\{[^}]*\} (\d+)/gm),
      poolWaiting: sum(/^db_pool_clients\{[^}]*state="waiting"[^}]*\} (\d+)/gm),
      hashTasks: sum(/^password_hash_tasks (\d+)/gm),
    };
  } catch {
    return undefined;
  }
}

const figures = (samples: number[]): StepFigures => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
};

/** CPU time so far of every process of the run, PostgreSQL's backends for its database summed. */
async function cpuNow(load: LoadStack, sql: pg.Client) {
  const pids = await load.pids();
  const now: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) now[name] = await cpuSeconds(pid);
  const { rows } = await sql.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  // Backends that come and go between samples are missed: a lower bound.
  const backends = await Promise.all(rows.map((r) => cpuSeconds(r.pid)));
  now['postgres (run db)'] = backends.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  return { now, backends: new Map(rows.map((r, i) => [r.pid, backends[i]!])) };
}

/**
 * `users` journeys at a time for `seconds`; then no new journey starts, and those under way get
 * `graceSeconds` to finish before they are cut (so a level stays bounded when steps queue).
 */
export async function runLevel(
  load: LoadStack,
  users: number,
  seconds: number,
  graceSeconds: number,
): Promise<LevelFigures> {
  const sql = new pg.Client({ connectionString: load.stack.db.url });
  await sql.connect();
  try {
    const before = await cpuNow(load, sql);
    const samples = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<
      Step,
      number[]
    >;
    const whole: number[] = [];
    const errors: Record<string, number> = {};
    const cut: Record<string, number> = {};
    const stop = new AbortController();
    const relayLagMax: Record<string, number> = {};
    const poolWaitingMax: Record<string, number> = {};
    let hashQueueMax = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    const grace = setTimeout(() => stop.abort(), (seconds + graceSeconds) * 1000);
    let journeys = 0;

    const user = async () => {
      while (performance.now() < until) {
        const result = await journey(load.gateway, stop.signal);
        for (const [step, ms] of Object.entries(result.steps)) samples[step as Step].push(ms);
        if (result.failure?.status === 'cut') {
          cut[result.failure.step] = (cut[result.failure.step] ?? 0) + 1;
        } else if (result.failure) {
          const key = `${result.failure.step} ${result.failure.status}`;
          errors[key] = (errors[key] ?? 0) + 1;
          if (errors[key] === 1) progress(`  first ${key}: ${result.failure.detail}`);
          // As a person told "busy, try again in a moment" would: after Retry-After, not at once.
          const wait = (result.failure.retryAfterSeconds ?? 0) * 1000;
          if (wait > 0)
            await new Promise((r) => setTimeout(r, Math.min(wait, until - performance.now())));
        } else {
          journeys++;
          whole.push(Object.values(result.steps).reduce((a, b) => a + b, 0));
        }
      }
    };
    const sampler = (async () => {
      while (performance.now() < until) {
        for (const [name, url] of Object.entries(load.metrics)) {
          const gauges = await scrape(url);
          if (!gauges) continue;
          relayLagMax[name] = Math.max(relayLagMax[name] ?? 0, gauges.relayLag);
          poolWaitingMax[name] = Math.max(poolWaitingMax[name] ?? 0, gauges.poolWaiting);
          hashQueueMax = Math.max(hashQueueMax, gauges.hashTasks);
        }
        await new Promise((r) => setTimeout(r, 1_000));
      }
    })();
    await Promise.all([...Array.from({ length: users }, user), sampler]);
    clearTimeout(grace);
    const elapsed = (performance.now() - started) / 1000;

    const after = await cpuNow(load, sql);
    const cpu: LevelFigures['cpu'] = {};
    for (const [name, total] of Object.entries(after.now)) {
      let used = total - (before.now[name] ?? 0);
      if (name === 'postgres (run db)') {
        // Only backends alive at both samples.
        used = 0;
        for (const [pid, end] of after.backends) {
          const start = before.backends.get(pid);
          if (start !== undefined) used += end - start;
        }
      }
      cpu[name as ProcessName] = Math.round((used / elapsed) * 100);
    }
    return {
      users,
      seconds: elapsed,
      journeys,
      journeysPerSec: journeys / elapsed,
      journey: figures(whole),
      steps: Object.fromEntries(STEPS.map((s) => [s, figures(samples[s])])) as Record<
        Step,
        StepFigures
      >,
      errors,
      cut,
      cpu,
      relayLagMax,
      poolWaitingMax,
      hashQueueMax,
    };
  } finally {
    await sql.end();
  }
}
