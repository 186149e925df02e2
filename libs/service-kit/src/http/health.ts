import { Router } from 'express';
import type { Logger } from '../logger.js';

/** One dependency the service needs to do useful work (PostgreSQL, NATS). */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; rejects (or hangs past the timeout) when it does not. */
  check(): Promise<void>;
}

export type CheckStatus = 'ok' | 'failed' | 'timeout';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckStatus>;
}

class CheckTimeout extends Error {}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once; each gets `timeoutMs`. Failures are logged, not sent to the client. */
export async function runReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs: number,
  logger: Logger,
): Promise<ReadinessReport> {
  const entries = await Promise.all(
    checks.map(async ({ name, check }): Promise<[string, CheckStatus]> => {
      try {
        await withTimeout(Promise.resolve().then(check), timeoutMs);
        return [name, 'ok'];
      } catch (error) {
        const status = error instanceof CheckTimeout ? 'timeout' : 'failed';
        logger.warn({ check: name, status, err: error }, 'readiness check failed');
        return [name, status];
      }
    }),
  );
  return { ready: entries.every(([, s]) => s === 'ok'), checks: Object.fromEntries(entries) };
}

export interface ReadinessCacheOptions {
  /** How long an answer is reused after it was computed (0: never). */
  cacheMs: number;
  /** Clock in ms, for tests. */
  now?: () => number;
}

/**
 * The checks as one function whose answer is reused for `cacheMs`, and shared by the requests
 * that arrive while it runs: a public /readyz must not let each request fan out to every
 * dependency (the gateway's asks every service).
 */
export function cachedReadiness(
  run: () => Promise<ReadinessReport>,
  { cacheMs, now = Date.now }: ReadinessCacheOptions,
): () => Promise<ReadinessReport> {
  let running: Promise<ReadinessReport> | undefined;
  let last: { at: number; report: ReadinessReport } | undefined;
  return () => {
    if (last && now() - last.at < cacheMs) return Promise.resolve(last.report);
    running ??= run()
      .then((report) => {
        last = { at: now(), report };
        return report;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

/** GET /healthz: the process is alive. GET /readyz: it can reach what it needs. */
export function healthRoutes(
  checks: readonly ReadinessCheck[],
  timeoutMs: number,
  logger: Logger,
  cache: ReadinessCacheOptions = { cacheMs: 0 },
): Router {
  const router = Router();
  const readiness = cachedReadiness(() => runReadiness(checks, timeoutMs, logger), cache);
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const report = await readiness();
    res
      .status(report.ready ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({ status: report.ready ? 'ready' : 'unready', checks: report.checks });
  });
  return router;
}

/** Readiness of a pg Pool (or anything with query()). */
export const postgresReadiness = (
  pool: { query(sql: string): Promise<unknown> },
  name = 'postgres',
): ReadinessCheck => ({
  name,
  async check() {
    await pool.query('SELECT 1');
  },
});

/** Readiness of a NATS connection: a server round trip (PING/PONG). */
export const natsReadiness = (
  connection: { isClosed(): boolean; flush(): Promise<void> },
  name = 'nats',
): ReadinessCheck => ({
  name,
  async check() {
    if (connection.isClosed()) throw new Error('NATS connection is closed');
    await connection.flush();
  },
});
