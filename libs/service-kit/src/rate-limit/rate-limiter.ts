import type { Sql } from '../db/sql.js';
import { tooManyRequests } from '../http/errors.js';

export interface RateLimitRule {
  /** Counter name, e.g. `login:ip:203.0.113.7`. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window ends and the counter starts again. */
  retryAfterSec: number;
}

export interface RateLimiter {
  /** Counts one hit against the rule; `allowed` is false once the window holds more than `limit`. */
  hit(rule: RateLimitRule): Promise<RateLimitResult>;
  /** Forgets a counter (e.g. an account's failed sign-ins after a success or a reset). */
  clear(key: string): Promise<void>;
}

interface HitRow {
  hits: number;
  retry_after_ms: number | string;
}

// Chance per hit of sweeping counters whose window ended long ago; keeps the table small
// without a timer in every replica.
const SWEEP_PROBABILITY = 0.01;
const SWEEP_AGE = '1 day';

/**
 * Fixed-window counters in PostgreSQL (a `rate_limits` table in the service's schema; see
 * identity's or access's migration), so every replica sees the same counts and a restart
 * forgets nothing. The database clock decides the windows, so replicas' clocks do not matter.
 * A limited key is free again when its window ends: nobody is locked out for longer.
 */
export function createRateLimiter(sql: Sql, random: () => number = Math.random): RateLimiter {
  return {
    async hit({ key, limit, windowMs }) {
      const [row] = await sql.query<HitRow>(
        `INSERT INTO rate_limits AS r (key, window_started_at, hits)
         VALUES ($1, clock_timestamp(), 1)
         ON CONFLICT (key) DO UPDATE SET
           window_started_at = CASE
             WHEN r.window_started_at <= clock_timestamp() - make_interval(secs => $2::float8 / 1000)
             THEN clock_timestamp() ELSE r.window_started_at END,
           hits = CASE
             WHEN r.window_started_at <= clock_timestamp() - make_interval(secs => $2::float8 / 1000)
             THEN 1 ELSE r.hits + 1 END
         RETURNING hits,
           greatest(0, extract(epoch FROM (window_started_at
             + make_interval(secs => $2::float8 / 1000) - clock_timestamp())) * 1000)::float8
             AS retry_after_ms`,
        [key, windowMs],
      );
      if (random() < SWEEP_PROBABILITY) {
        await sql.query(
          `DELETE FROM rate_limits WHERE window_started_at < clock_timestamp() - interval '${SWEEP_AGE}'`,
        );
      }
      const hits = Number(row?.hits ?? 1);
      return {
        allowed: hits <= limit,
        hits,
        retryAfterSec: Math.max(1, Math.ceil(Number(row?.retry_after_ms ?? windowMs) / 1000)),
      };
    },
    async clear(key) {
      await sql.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
  };
}

/** Counts a hit and throws 429 (Retry-After and `message`) past the limit. */
export async function enforceLimit(
  limiter: RateLimiter,
  rule: RateLimitRule,
  message = 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
): Promise<void> {
  const result = await limiter.hit(rule);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSec, message, 'rate_limited');
}
