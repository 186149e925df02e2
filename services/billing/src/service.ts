import { fileURLToPath } from 'node:url';
import { pgRunner, type ServiceDefinition } from '@mia/service-kit';
import type pg from 'pg';
import { configSchema } from './config.js';

// No tables of its own yet beyond the kit's event store; Prisma Client arrives with the
// first projection (the billing issue).
export const billingService: ServiceDefinition<typeof configSchema, pg.PoolClient, pg.Pool> = {
  name: 'billing',
  configSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  database: (pool) => ({ db: pool, runner: pgRunner(pool), close: async () => undefined }),
  routes: () => {
    // Billing routes arrive with their own issue.
  },
};
