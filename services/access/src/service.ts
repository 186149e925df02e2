import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@mia/service-kit';
import { configSchema } from './config.js';
import { accessDatabase, type AccessTx } from './db.js';
import type { PrismaClient } from './generated/prisma/client.js';
import { accessConsumers } from './integration/consumers.js';
import { directoryProjection } from './users/directory-projection.js';

export const accessService: ServiceDefinition<typeof configSchema, AccessTx, PrismaClient> = {
  name: 'access',
  configSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  database: accessDatabase,
  projections: () => [directoryProjection],
  consumers: () => accessConsumers,
  routes: () => {
    // Entitlements, GPT links, dashboard and admin grants arrive with their own issues.
  },
};
