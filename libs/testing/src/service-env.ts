import type { TestDatabase } from './postgres.js';
import { servicePasswordEnv } from './nats-auth.js';
import type { TestNats } from './nats.js';

/**
 * Environment for startService in a test: its own database and prefix, any free port, and on the
 * run's authenticated NATS the password the service signs in with (as itself, by its name).
 */
export function serviceTestEnv(
  db: Pick<TestDatabase, 'url'>,
  nats: Pick<TestNats, 'url' | 'prefix'>,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    MIA_ENV: 'test',
    DATABASE_URL: db.url,
    NATS_URL: nats.url,
    NATS_PREFIX: nats.prefix,
    ...servicePasswordEnv(nats.url),
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...extra,
  };
}
