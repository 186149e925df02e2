import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

describe('backoffDelay', () => {
  it('grows exponentially from the initial delay and is capped', () => {
    const opts = { initialMs: 100, maxMs: 1_000, factor: 2 };
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffDelay(n, opts))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('treats attempt 0 or less like the first retry', () => {
    expect(backoffDelay(0, { initialMs: 50 })).toBe(50);
    expect(backoffDelay(-3, { initialMs: 50 })).toBe(50);
  });

  it('spreads delays by the jitter fraction and never exceeds the cap', () => {
    const opts = { initialMs: 1_000, maxMs: 1_500, jitter: 0.5 };
    expect(backoffDelay(1, opts, () => 0)).toBe(500);
    expect(backoffDelay(1, opts, () => 1)).toBe(1_500);
    expect(backoffDelay(1, opts, () => 0.5)).toBe(1_000);
    expect(backoffDelay(5, opts, () => 1)).toBe(1_500);
  });
});
