import { fileURLToPath } from 'node:url';
import { startGrantRevocationFeed, withSearchPath, type ServiceDefinition } from '@mia/service-kit';
import { setupAccess, type Access } from './access.js';
import { createGiftSweep, type GiftSweep } from './gifts/gift-sweep.js';
import { startCatalogFeed } from './catalog/catalog-feed.js';
import { catalogProjection } from './catalog/catalog-projection.js';
import { accessCodeRoutes } from './access-codes/routes.js';
import { adminRoutes } from './admin/routes.js';
import { configSchema } from './config.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { accessDatabase, type AccessTx } from './db.js';
import { grantsProjection } from './entitlements/grants-projection.js';
import { giftsProjection } from './gifts/gifts-projection.js';
import { giftRoutes } from './gifts/routes.js';
import type { PrismaClient } from './generated/prisma/client.js';
import { accessConsumers } from './integration/consumers.js';
import { paymentsProjection } from './payments/payments-projection.js';
import { settingsRoutes } from './settings/routes.js';
import { teamRoutes } from './teams/routes.js';
import { teamMembershipsProjection } from './teams/team-memberships-projection.js';
import { timelineRoutes } from './timeline/routes.js';
import { directoryProjection } from './users/directory-projection.js';
import { gptRoutes } from './verification/gpt-routes.js';
import { mcpRoutes } from './verification/mcp.js';
import { protectedResourceRoutes } from './verification/protected-resource.js';
import { standInRoutes } from './verification/stand-in.js';
import { verifyPageRoutes } from './verification/verify-page.js';
import { usageStreamProjections } from './verification/verification-store.js';

/** What the running service holds: access's dependencies and the sweep that mails gifts. */
export interface AccessDeps extends Access {
  /** Mails each paid gift's recipient on its `sendAt` (gifts/gift-sweep.ts). */
  giftSweep: GiftSweep;
}

export const accessService: ServiceDefinition<
  typeof configSchema,
  AccessTx,
  PrismaClient,
  AccessDeps
> = {
  name: 'access',
  configSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  database: accessDatabase,
  projections: (ctx) => [
    directoryProjection,
    grantsProjection,
    paymentsProjection,
    teamMembershipsProjection,
    // The verification's own store applies the same ones (verification-store.ts).
    ...usageStreamProjections,
    catalogProjection(ctx.schema),
    giftsProjection,
  ],
  setup: (ctx) => {
    const access = setupAccess(ctx);
    return { ...access, giftSweep: createGiftSweep(access) };
  },
  consumers: () => accessConsumers,
  // Every replica knows every revoked OAuth grant before it is ready: user access tokens of a
  // revoked connection are refused everywhere within the relay's latency.
  feeds: (ctx, access) => [
    {
      name: 'oauth-grant-revocations',
      list: access.grantRevocations,
      start: () =>
        startGrantRevocationFeed({
          nats: ctx.nats,
          prefix: ctx.config.NATS_PREFIX,
          grants: access.grantRevocations,
          logger: ctx.logger,
          lookbackMs: ctx.config.OAUTH_REVOCATION_LOOKBACK_HOURS * 3_600_000,
        }),
    },
    // Every replica answers tools from its copy of billing's catalogue (no query per call),
    // and is not ready before it holds every product published so far.
    {
      name: 'catalog',
      list: access.catalog,
      start: () =>
        startCatalogFeed({
          catalog: access.catalog,
          db: ctx.db,
          url: withSearchPath(ctx.config.DATABASE_URL, ctx.schema),
          schema: ctx.schema,
          nats: ctx.nats,
          prefix: ctx.config.NATS_PREFIX,
          service: ctx.name,
          logger: ctx.logger,
        }),
    },
  ],
  routes(app, ctx, access) {
    app.use(dashboardRoutes(access));
    app.use(accessCodeRoutes(access));
    app.use(settingsRoutes(access));
    app.use(giftRoutes(access));
    app.use(teamRoutes(access));
    app.use(timelineRoutes(access));
    app.use(adminRoutes(access));
    app.use(verifyPageRoutes(access));
    app.use(gptRoutes(access));
    app.use(mcpRoutes(access));
    app.use(protectedResourceRoutes(access));
    // The stand-in for the external chatbot exists only outside production.
    if (ctx.config.MIA_ENV !== 'production') app.use(standInRoutes(access));
  },
  mailer: (access) => access.mailer,
  async onStart(_ctx, access) {
    access.giftSweep.start();
  },
  shutdownSteps: (_ctx, access) => [
    { name: 'gift sweep', stop: () => access.giftSweep.stop() },
    { name: 'mailer', stop: () => access.mailer.close() },
  ],
};
