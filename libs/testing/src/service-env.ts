import type { TestDatabase } from './postgres.js';
import type { TestNats } from './nats.js';

/** Environment for startService in a test: its own database and prefix, any free port. */
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
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...extra,
  };
}
