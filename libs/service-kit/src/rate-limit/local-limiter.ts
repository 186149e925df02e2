import type { RateLimitResult, RateLimitRule } from './rate-limiter.js';

export interface LocalLimiterOptions {
  /** Milliseconds since the epoch; injected so tests move time instead of waiting. */
  now?: () => number;
  /**
   * How many replicas share each budget. Each replica enforces `ceil(limit / replicas)`, so
   * with traffic spread over the replicas (a round-robin balancer) the deployment as a whole
   * allows about `limit` per window. 1 (the default): each replica allows the whole limit.
   */
  replicas?: number;
  /**
   * Most counters kept in memory. Past it, full buckets (a key that has been quiet for a
   * window) go first, then the least recently used: forgetting a bucket only forgives it.
   */
  maxKeys?: number;
}

/**
 * Token buckets in this process's memory: no database row is read or written per request,
 * which is what makes it fit the hot paths (the GPT verification call). The state is per
 * replica, so the limits are approximate across replicas. The tolerance, stated once here and
 * in the README:
 *
 * - A bucket holds `ceil(limit / replicas)` tokens and refills that many per window, evenly.
 *   Within any one window a client gets at most a full bucket plus one window's refill, i.e.
 *   up to 2 × the share per replica; sustained, at most the share per window per replica.
 * - With `replicas` set to the number of running replicas and requests spread evenly, the
 *   deployment allows about `limit` per window (at most 2 × for one window after a quiet one).
 *   A client pinned to one replica gets only `limit / replicas`.
 * - With `replicas` left at 1 and N replicas running, a client may get up to N × the limit per
 *   window (2 × N × for one window after a quiet one).
 * - A restart (or an evicted bucket) forgives: the client starts again with a full bucket.
 *
 * Limits that must be exact whatever the replica count (sign-in throttling, one alert per
 * window) keep using {@link createRateLimiter}, which counts in PostgreSQL.
 */
export interface LocalLimiter {
  /** Takes one token; `allowed` is false (and nothing is taken) when the bucket is empty. */
  take(rule: RateLimitRule): RateLimitResult;
  /** Whether a token is available now, without taking it. */
  peek(rule: RateLimitRule): RateLimitResult;
  /** Forgets a key (its next request starts with a full bucket). */
  clear(key: string): void;
  /** Counters held in memory now. */
  readonly size: number;
}

interface Bucket {
  tokens: number;
  at: number;
  /** The rule's share and window when last used, so eviction can tell a full bucket. */
  capacity: number;
  windowMs: number;
}

const DEFAULT_MAX_KEYS = 100_000;

const refilled = (bucket: Bucket, t: number): number =>
  Math.min(
    bucket.capacity,
    bucket.tokens + (Math.max(0, t - bucket.at) * bucket.capacity) / bucket.windowMs,
  );

export function createLocalLimiter(options: LocalLimiterOptions = {}): LocalLimiter {
  const now = options.now ?? Date.now;
  const replicas = Math.max(1, Math.floor(options.replicas ?? 1));
  const maxKeys = Math.max(1, options.maxKeys ?? DEFAULT_MAX_KEYS);
  // Map order is insertion order; a touched key is re-inserted, so the first keys are the
  // least recently used.
  const buckets = new Map<string, Bucket>();

  /** The rule's bucket refilled up to `t` (a full one for a key not held). */
  const current = (rule: RateLimitRule, t: number): Bucket => {
    const capacity = Math.max(1, Math.ceil(rule.limit / replicas));
    const held = buckets.get(rule.key);
    const tokens = held ? refilled({ ...held, capacity, windowMs: rule.windowMs }, t) : capacity;
    return { tokens, at: t, capacity, windowMs: rule.windowMs };
  };

  const resultOf = (bucket: Bucket, allowed: boolean): RateLimitResult => {
    const msToToken = (Math.max(0, 1 - bucket.tokens) * bucket.windowMs) / bucket.capacity;
    return {
      allowed,
      hits: Math.ceil(bucket.capacity - bucket.tokens),
      retryAfterSec: Math.max(1, Math.ceil(msToToken / 1000)),
    };
  };

  const evict = (t: number) => {
    // First the buckets that are full again: holding them changes nothing.
    for (const [key, bucket] of buckets) {
      if (buckets.size <= maxKeys) return;
      if (refilled(bucket, t) >= bucket.capacity) buckets.delete(key);
    }
    for (const key of buckets.keys()) {
      if (buckets.size <= maxKeys) return;
      buckets.delete(key);
    }
  };

  return {
    take(rule) {
      const t = now();
      const bucket = current(rule, t);
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      buckets.delete(rule.key);
      buckets.set(rule.key, bucket);
      if (buckets.size > maxKeys) evict(t);
      return resultOf(bucket, allowed);
    },
    peek(rule) {
      const bucket = current(rule, now());
      return resultOf(bucket, bucket.tokens >= 1);
    },
    clear(key) {
      buckets.delete(key);
    },
    get size() {
      return buckets.size;
    },
  };
}
