import { describe, expect, it } from 'vitest';
import { decideLoginAttempt, delayAfter, type LoginDelayPolicy } from './login-delay.js';

const policy: LoginDelayPolicy = { freeAttempts: 5, windowMs: 15 * 60_000 };
const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('progressive sign-in delay per account and IP', () => {
  it('lets the first attempts through back to back, then doubles the wait up to the window', () => {
    expect([0, 1, 4].map((n) => delayAfter(n, policy))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 14].map((n) => delayAfter(n, policy))).toEqual([
      1_000, 2_000, 4_000, 8_000, 512_000,
    ]);
    expect(delayAfter(15, policy)).toBe(15 * 60_000);
    expect(delayAfter(5_000, policy)).toBe(15 * 60_000);
  });

  it('counts an allowed attempt and refuses one that comes before its wait is over', () => {
    expect(decideLoginAttempt(null, T0, policy)).toEqual({ allowed: true, attempts: 1 });
    const after5 = { attempts: 5, lastAttemptAt: T0 };
    expect(decideLoginAttempt({ attempts: 4, lastAttemptAt: T0 }, T0, policy)).toEqual({
      allowed: true,
      attempts: 5,
    });
    expect(decideLoginAttempt(after5, at(400), policy)).toEqual({
      allowed: false,
      retryAfterSec: 1,
    });
    expect(decideLoginAttempt(after5, at(1_000), policy)).toEqual({ allowed: true, attempts: 6 });
    const after11 = { attempts: 11, lastAttemptAt: T0 };
    expect(decideLoginAttempt(after11, at(10_000), policy)).toEqual({
      allowed: false,
      retryAfterSec: 54,
    });
  });

  it('forgets a pair that stayed quiet for a whole window', () => {
    const worst = { attempts: 40, lastAttemptAt: T0 };
    expect(decideLoginAttempt(worst, at(15 * 60_000 - 1), policy)).toMatchObject({
      allowed: false,
    });
    expect(decideLoginAttempt(worst, at(15 * 60_000), policy)).toEqual({
      allowed: true,
      attempts: 1,
    });
  });
});
