import { describe, expect, it } from 'vitest';
import { cachedReadiness, type ReadinessReport } from './health.js';

describe('cachedReadiness', () => {
  it('checks once per cacheMs, sharing a check in progress, then checks again', async () => {
    let clock = 0;
    let runs = 0;
    const release: Array<() => void> = [];
    const readiness = cachedReadiness(
      () =>
        new Promise<ReadinessReport>((resolve) => {
          runs++;
          release.push(() => resolve({ ready: runs === 1, checks: {} }));
        }),
      { cacheMs: 1_000, now: () => clock },
    );

    const first = [readiness(), readiness()];
    release.shift()?.();
    expect((await Promise.all(first)).map((r) => r.ready)).toEqual([true, true]);
    clock = 999;
    expect((await readiness()).ready).toBe(true);
    expect(runs).toBe(1);

    clock = 1_000;
    const next = readiness();
    release.shift()?.();
    expect((await next).ready).toBe(false);
    expect(runs).toBe(2);
  });
});
