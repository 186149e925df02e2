/**
 * The progressive delay of sign-ins from one client IP on one account: the first
 * `freeAttempts` come back to back; after that each attempt waits for the one before it by
 * 1 s, 2 s, 4 s... up to the window. A success ends it. Pure, so the schedule is tested
 * without a clock; login-throttle.ts keeps the counts in PostgreSQL.
 */
export interface LoginDelayPolicy {
  /** RATE_LIMIT_LOGIN_FREE_FAILURES. */
  freeAttempts: number;
  /** RATE_LIMIT_WINDOW_MINUTES in ms: the longest wait, and the quiet time that forgets a pair. */
  windowMs: number;
}

/** The pair's record: attempts since its last success (or since it went quiet for a window). */
export interface PairAttempts {
  attempts: number;
  lastAttemptAt: Date;
}

export type LoginAttemptDecision =
  { allowed: true; attempts: number } | { allowed: false; retryAfterSec: number };

const BASE_DELAY_MS = 1_000;

/** How long the pair waits after its `attempts`-th unsuccessful attempt. */
export function delayAfter(attempts: number, { freeAttempts, windowMs }: LoginDelayPolicy): number {
  if (attempts < freeAttempts) return 0;
  // 2^n overflows to Infinity for large n, which `min` turns into the window.
  return Math.min(windowMs, BASE_DELAY_MS * 2 ** (attempts - freeAttempts));
}

/**
 * Whether an attempt at `now` may check the password, given the pair's record (null: none).
 * An allowed attempt counts at once, before the password is checked, so parallel requests
 * cannot all slip through one gap; a success then forgets the pair.
 */
export function decideLoginAttempt(
  record: PairAttempts | null,
  now: Date,
  policy: LoginDelayPolicy,
): LoginAttemptDecision {
  const quietFor = record ? now.getTime() - record.lastAttemptAt.getTime() : Infinity;
  const attempts = quietFor >= policy.windowMs ? 0 : record!.attempts;
  const wait = delayAfter(attempts, policy) - quietFor;
  if (attempts > 0 && wait > 0) {
    return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(wait / 1000)) };
  }
  return { allowed: true, attempts: attempts + 1 };
}
