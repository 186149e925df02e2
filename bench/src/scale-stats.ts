// Pure statistics and wording of the scale benchmark's report: medians over rounds, percentiles
// of samples, and each aim with its verdict and, when not met, the reason. No I/O here, so the
// unit test can pin them.
import type { LoadFigures } from './commerce-stack.js';

export const median = (values: readonly number[]): number => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Nearest-rank percentile of ascending `sorted` (p in 0..100). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

export interface Latencies {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function latencies(samples: readonly number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? NaN,
  };
}

/** One target over its rounds: the median of each figure, errors summed, req/s per round kept. */
export interface OverRounds {
  label: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  errorKinds: string;
  perRound: number[];
}

export function overRounds(runs: readonly LoadFigures[]): OverRounds {
  return {
    label: runs[0]?.label ?? '',
    requestsPerSec: median(runs.map((r) => r.requestsPerSec)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    errorKinds: runs
      .map((r) => r.errorKinds)
      .filter(Boolean)
      .join('; '),
    perRound: runs.map((r) => r.requestsPerSec),
  };
}

/** Whether a run at a fixed offered rate served it (within 5 %): else its latency holds queueing. */
export const keptUp = (served: number, rate: number): boolean => served >= rate * 0.95;

export interface Aim {
  /** What is measured, e.g. `verification throughput, ours / minimal`. */
  what: string;
  /** The aim as the issue states it, e.g. `≥ 90 %`. */
  aim: string;
  /** The figure of this run, formatted. */
  figure: string;
  met: boolean;
  /** Why it was not met, as far as this run can tell (ignored when met). */
  why?: string;
}

/** What the machine was doing, as a reason any aim not met shares. */
export interface Machine {
  cpus: number;
  loadBefore: number;
  loadAfter: number;
  /** Highest 1-min load average seen at the start of a phase. */
  loadPeak: number;
}

/** Other work had the machine: more runnable processes than half its cpus before the run began. */
export const busy = (m: Machine): boolean => m.loadBefore > m.cpus / 2;

/** The reason every aim not met shares: where the load generator ran and how busy the machine was. */
export function machineReason(m: Machine): string {
  const shared = `the load generator, every server, PostgreSQL and NATS share the same ${m.cpus} cores`;
  return busy(m)
    ? `the machine was busy with other work (load average ${m.loadBefore.toFixed(2)} before the run on ${m.cpus} cpus, up to ${m.loadPeak.toFixed(2)} during it), and ${shared}`
    : shared;
}

export const verdict = (met: boolean): string => (met ? 'met' : '**not met**');

/** The report's table of aims: one row each, the reason beside every aim not met. */
export function aimsTable(aims: readonly Aim[], m: Machine): string {
  const rows = aims.map(
    (a) =>
      `| ${a.what} | ${a.aim} | ${a.figure} | ${verdict(a.met)} | ${
        a.met ? '' : [a.why, machineReason(m)].filter(Boolean).join('; ')
      } |`,
  );
  return `| Measured | aim | this run | verdict | why not met |
|---|---|---:|---|---|
${rows.join('\n')}`;
}

/** `12.3 %` */
export const pct = (ratio: number): string =>
  Number.isFinite(ratio) ? `${(Math.round(ratio * 1000) / 10).toFixed(1)} %` : 'n/a';

/** CPU ms per request of each part of a stack, the median over its runs, and their total. */
export interface CpuPerRequest {
  front: number;
  service: number;
  database: number;
  total: number;
}

export function cpuPerRequest(
  runs: readonly { requests: number; cpu: { front: number; service: number; database: number } }[],
): CpuPerRequest {
  const per = (pick: (r: (typeof runs)[number]) => number) =>
    median(runs.map((r) => (r.requests > 0 ? pick(r) / r.requests : NaN)));
  return {
    front: per((r) => r.cpu.front),
    service: per((r) => r.cpu.service),
    database: per((r) => r.cpu.database),
    total: per((r) => r.cpu.front + r.cpu.service + r.cpu.database),
  };
}
