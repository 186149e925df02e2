import { describe, expect, it } from 'vitest';
import { createLocalLimiter } from './local-limiter.js';

const MINUTE = 60_000;

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const rule = (key: string, limit = 5, windowMs = MINUTE) => ({ key, limit, windowMs });

describe('local token-bucket limiter', () => {
  it('allows the limit at once, refuses the next with the time until a token is back', () => {
    const time = clock();
    const limiter = createLocalLimiter({ now: time.now });
    const results = Array.from({ length: 6 }, () => limiter.take(rule('a')));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4, 5, 5]);
    // 5 per minute: one token every 12 s.
    expect(results[5]?.retryAfterSec).toBe(12);
  });

  it('refills evenly over the window, never above the limit', () => {
    const time = clock();
    const limiter = createLocalLimiter({ now: time.now });
    for (let i = 0; i < 5; i++) limiter.take(rule('a'));
    time.advance(11_999);
    expect(limiter.take(rule('a')).allowed).toBe(false);
    time.advance(1);
    expect(limiter.take(rule('a')).allowed).toBe(true);
    expect(limiter.take(rule('a')).allowed).toBe(false);
    time.advance(10 * MINUTE);
    const burst = Array.from({ length: 6 }, () => limiter.take(rule('a')).allowed);
    expect(burst.filter(Boolean)).toHaveLength(5);
  });

  it('keeps each key apart', () => {
    const limiter = createLocalLimiter({ now: clock().now });
    for (let i = 0; i < 5; i++) limiter.take(rule('a'));
    expect(limiter.take(rule('a')).allowed).toBe(false);
    expect(limiter.take(rule('b')).allowed).toBe(true);
  });

  it('peeks without taking', () => {
    const limiter = createLocalLimiter({ now: clock().now });
    limiter.take(rule('a', 1));
    expect(limiter.peek(rule('a', 1))).toMatchObject({ allowed: false, retryAfterSec: 60 });
    expect(limiter.peek(rule('b', 1)).allowed).toBe(true);
    expect(limiter.take(rule('b', 1)).allowed).toBe(true);
  });

  it('forgets a cleared key', () => {
    const limiter = createLocalLimiter({ now: clock().now });
    limiter.take(rule('a', 1));
    limiter.clear('a');
    expect(limiter.take(rule('a', 1)).allowed).toBe(true);
  });

  it('holds at most maxKeys counters, dropping full buckets before busy ones', () => {
    const time = clock();
    const limiter = createLocalLimiter({ now: time.now, maxKeys: 3 });
    for (let i = 0; i < 5; i++) limiter.take(rule('busy'));
    limiter.take(rule('quiet', 5, 1000));
    time.advance(2000); // quiet is full again, busy is not
    limiter.take(rule('c'));
    limiter.take(rule('d'));
    expect(limiter.size).toBe(3);
    expect(limiter.take(rule('busy')).allowed).toBe(false);
  });

  it('shares a budget between replicas: each enforces limit / replicas', () => {
    const limiter = createLocalLimiter({ now: clock().now, replicas: 3 });
    const allowed = Array.from({ length: 10 }, () => limiter.take(rule('a', 60)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(10);
    expect(
      Array.from({ length: 20 }, () => limiter.take(rule('a', 60)).allowed).filter(Boolean),
    ).toHaveLength(10);
  });

  // The tolerance the doc comment and README state, measured over simulated replicas.
  describe('across replicas (measured)', () => {
    const LIMIT = 600;
    const run = (replicas: number, share: number, pick: (i: number) => number) => {
      const time = clock();
      const fleet = Array.from({ length: replicas }, () =>
        createLocalLimiter({ now: time.now, replicas: share }),
      );
      let allowedInWindow = 0;
      let allowedSteady = 0;
      // 20 requests per 100 ms for 3 windows (12,000 per window offered), one client key.
      for (let step = 0; step < 1800; step++) {
        for (let j = 0; j < 20; j++) {
          const ok = fleet[pick(step * 20 + j)]!.take(rule('client', LIMIT)).allowed;
          if (ok && step < 600) allowedInWindow++;
          if (ok && step >= 1200) allowedSteady++;
        }
        time.advance(100);
      }
      return { firstWindow: allowedInWindow, steadyWindow: allowedSteady };
    };

    it('round-robin over 3 replicas sharing the budget: the limit, 2x at most in the first window', () => {
      const { firstWindow, steadyWindow } = run(3, 3, (i) => i % 3);
      expect(firstWindow).toBeLessThanOrEqual(2 * LIMIT);
      expect(steadyWindow).toBeGreaterThanOrEqual(LIMIT * 0.95);
      expect(steadyWindow).toBeLessThanOrEqual(LIMIT * 1.05);
    });

    it('random spread over 3 replicas sharing the budget stays within 5 % of the limit', () => {
      let seed = 42;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const { steadyWindow } = run(3, 3, () => Math.floor(random() * 3));
      expect(steadyWindow).toBeGreaterThanOrEqual(LIMIT * 0.95);
      expect(steadyWindow).toBeLessThanOrEqual(LIMIT * 1.05);
    });

    it('3 replicas each told they are alone allow up to 3x the limit', () => {
      const { steadyWindow } = run(3, 1, (i) => i % 3);
      expect(steadyWindow).toBeGreaterThan(2.9 * LIMIT);
      expect(steadyWindow).toBeLessThanOrEqual(3 * LIMIT * 1.01);
    });
  });
});
