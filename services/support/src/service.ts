import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@mia/service-kit';
import { catalogReadModel } from './catalog/record-catalog.js';
import { chatRoutes } from './chat/routes.js';
import { configSchema } from './config.js';
import { customerContextReadModel } from './customers/customer-context-model.js';
import { supportDatabase, type SupportDb, type SupportTx } from './db.js';
import { supportConsumers } from './integration/consumers.js';
import { incidentProjection } from './status/incident-projection.js';
import { statusRoutes } from './status/routes.js';
import { setupSupport, type Support } from './support.js';
import { staffRoutes } from './tickets/staff-routes.js';
import { ticketProjection } from './tickets/ticket-projection.js';
import { ticketRoutes } from './tickets/routes.js';

export const supportService: ServiceDefinition<typeof configSchema, SupportTx, SupportDb, Support> =
  {
    name: 'support',
    configSchema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    database: supportDatabase,
    projections: () => [ticketProjection, incidentProjection],
    setup: setupSupport,
    consumers: (_ctx, support) => supportConsumers(support),
    readModels: [customerContextReadModel, catalogReadModel],
    mailer: (support) => support.mailer,
    async onStart(ctx, support) {
      support.sweeper.start();
      support.prober.start();
      ctx.logger.info(
        {
          chat: support.model
            ? `model ${ctx.config.OPENAI_MODEL}`
            : 'built-in triage (no OPENAI_API_KEY)',
          mail: support.mailer.destination,
        },
        'support ready',
      );
    },
    routes(app, _ctx, support) {
      app.use(ticketRoutes(support));
      app.use(staffRoutes(support));
      app.use(chatRoutes(support));
      app.use(statusRoutes(support));
    },
    shutdownSteps: (_ctx, support) => [
      { name: 'ticket sweep', stop: () => support.sweeper.stop() },
      { name: 'status probes', stop: () => support.prober.stop() },
      { name: 'mailer', stop: () => support.mailer.close() },
    ],
  };
