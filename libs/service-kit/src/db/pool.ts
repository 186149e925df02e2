import pg from 'pg';
import type { Logger } from '../logger.js';
import { assertSchemaName } from './identifiers.js';

export interface CreatePoolOptions {
  url: string;
  /** Every connection gets `search_path=<schema>`, so a service's unqualified tables land there. */
  schema: string;
  max?: number;
  /** How long a query waits for a free connection before it fails. */
  waitMs?: number;
  applicationName: string;
  logger?: Logger;
}

export function createPool({
  url,
  schema,
  max = 10,
  waitMs = 10_000,
  applicationName,
  logger,
}: CreatePoolOptions) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    options: `-c search_path=${assertSchemaName(schema)}`,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: waitMs,
  });
  // An idle client losing its connection emits on the pool; unhandled, that would kill the process.
  pool.on('error', (err) => logger?.warn({ err }, 'idle PostgreSQL connection failed'));
  return pool;
}

/** Readiness probe: true when PostgreSQL answers within the timeout. */
export async function checkPostgres(pool: pg.Pool, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = pool.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The same URL with `search_path` set, as dbmate and other URL-only tools expect. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('search_path', assertSchemaName(schema));
  return parsed.toString();
}
