import { describe, expect, it } from 'vitest';
import type { LoadFigures } from './commerce-stack.js';
import {
  aimsTable,
  busy,
  cpuPerRequest,
  keptUp,
  latencies,
  machineReason,
  median,
  overRounds,
  pct,
  percentile,
} from './scale-stats.js';

const run = (requestsPerSec: number, p99Ms: number, errors = 0): LoadFigures => ({
  label: 'ours',
  requestsPerSec,
  p50Ms: p99Ms / 2,
  p99Ms,
  maxMs: p99Ms * 2,
  requests: requestsPerSec * 10,
  errors,
  errorKinds: errors ? `${errors} non-2xx` : '',
});

const quiet = { cpus: 2, loadBefore: 0.4, loadAfter: 3, loadPeak: 2.5 };
const loaded = { cpus: 2, loadBefore: 7.5, loadAfter: 12, loadPeak: 13.6 };

describe('scale benchmark statistics', () => {
  it('takes the median of odd and even counts, ignoring what is not a number', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, NaN, 1])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('reads nearest-rank percentiles of sorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(latencies([5, 1, 9, 3])).toEqual({ count: 4, p50Ms: 3, p99Ms: 9, maxMs: 9 });
  });

  it('sums errors and keeps the median of each figure over rounds', () => {
    const over = overRounds([run(100, 40), run(300, 20, 2), run(200, 30, 1)]);
    expect(over).toMatchObject({ requestsPerSec: 200, p99Ms: 30, errors: 3 });
    expect(over.perRound).toEqual([100, 300, 200]);
    expect(over.errorKinds).toBe('2 non-2xx; 1 non-2xx');
  });

  it('counts a fixed-rate run as keeping up within 5 %', () => {
    expect(keptUp(476, 500)).toBe(true);
    expect(keptUp(474, 500)).toBe(false);
  });

  it('gives the reason only beside an aim not met, and says when the machine was busy', () => {
    expect(busy(quiet)).toBe(false);
    expect(busy(loaded)).toBe(true);
    expect(machineReason(quiet)).not.toMatch(/busy/);
    expect(machineReason(loaded)).toMatch(/busy with other work \(load average 7\.50 before/);
    const table = aimsTable(
      [
        { what: 'a', aim: '≥ 90 %', figure: pct(0.95), met: true, why: 'never shown' },
        { what: 'b', aim: '< 50 ms', figure: '80 ms', met: false, why: 'queueing' },
      ],
      loaded,
    );
    const [, , metRow, unmetRow] = table.split('\n');
    expect(metRow).toBe('| a | ≥ 90 % | 95.0 % | met |  |');
    expect(unmetRow).toMatch(
      /^\| b \| < 50 ms \| 80 ms \| \*\*not met\*\* \| queueing; the machine was busy/,
    );
  });

  it('divides the CPU of each part by the requests of its run, median over runs', () => {
    const cpu = (front: number, service: number, database: number) => ({
      front,
      service,
      database,
    });
    const per = cpuPerRequest([
      { requests: 100, cpu: cpu(10, 50, 40) },
      { requests: 200, cpu: cpu(40, 80, 60) },
      { requests: 0, cpu: cpu(1, 1, 1) },
    ]);
    expect(per.front).toBeCloseTo(0.15);
    expect(per.service).toBeCloseTo(0.45);
    expect(per.database).toBeCloseTo(0.35);
    expect(per.total).toBeCloseTo(0.95);
  });
});
