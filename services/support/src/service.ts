import { fileURLToPath } from 'node:url';
import { pgRunner, type ServiceDefinition } from '@mia/service-kit';
import type pg from 'pg';
import { configSchema } from './config.js';

// No tables of its own yet beyond the kit's event store; Prisma Client arrives with the
// first projection (the support issue).
export const supportService: ServiceDefinition<typeof configSchema, pg.PoolClient, pg.Pool> = {
  name: 'support',
  configSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  database: (pool) => ({ db: pool, runner: pgRunner(pool), close: async () => undefined }),
  routes: () => {
    // Support routes arrive with their own issue.
  },
};
