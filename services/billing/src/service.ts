import { fileURLToPath } from 'node:url';
import { mailerFromConfig, type ServiceContext, type ServiceDefinition } from '@mia/service-kit';
import type { Billing } from './billing.js';
import { catalogProjection } from './catalog/catalog-projection.js';
import { createCatalogReader } from './catalog/catalog-store.js';
import { catalogRoutes } from './catalog/routes.js';
import { seedCatalog } from './catalog/seed-catalog.js';
import { configSchema, type BillingConfig } from './config.js';
import { customersProjection } from './customers/customers-projection.js';
import { disputesProjection } from './disputes/disputes-projection.js';
import { disputeRoutes } from './disputes/routes.js';
import { giftPaymentsProjection } from './gifts/gift-payments-projection.js';
import { giftRoutes } from './gifts/routes.js';
import { promotionsProjection } from './promotions/promotions-projection.js';
import { promotionRoutes } from './promotions/routes.js';
import { billingDatabase, type BillingDb, type BillingTx } from './db.js';
import { billingConsumers } from './integration/consumers.js';
import { overviewRoutes } from './overview/routes.js';
import { paymentRoutes } from './payments/routes.js';
import { paymentsProjection } from './payments/payments-projection.js';
import { paymentReviewProjection } from './payments/payment-review-projection.js';
import { createPlanPrices } from './provider/prices.js';
import { createPaymentProvider } from './provider/stripe-client.js';
import { refundRoutes } from './refunds/routes.js';
import { salesProjection } from './sales/sales-projection.js';
import { salesRoutes } from './sales/routes.js';
import { subscriptionRoutes } from './subscriptions/routes.js';
import {
  createPriceMoveSweep,
  type PriceMoveSweep,
} from './subscriptions/price-change/price-move-sweep.js';
import { priceMovesProjection } from './subscriptions/price-change/price-moves-projection.js';
import { subscriptionsProjection } from './subscriptions/subscriptions-projection.js';
import { teamRoutes } from './teams/routes.js';
import { createTrialReminders, type TrialReminders } from './trials/reminder-sweep.js';
import { trialRoutes } from './trials/routes.js';
import { trialsProjection } from './trials/trials-projection.js';
import { webhookRoutes } from './webhooks/routes.js';

/** What the running service holds: billing's dependencies and its reminder sweep. */
export interface BillingDeps {
  billing: Billing;
  reminders: TrialReminders;
  /** Puts subscribers on a plan's new price at the provider (issue 24). */
  priceMoves: PriceMoveSweep;
}

function setupBilling(ctx: ServiceContext<BillingConfig, BillingTx, BillingDb>): BillingDeps {
  const { config, logger } = ctx;
  const provider = createPaymentProvider(config);
  const catalog = createCatalogReader(ctx.db);
  const billing: Billing = {
    config,
    logger,
    schema: ctx.schema,
    pool: ctx.pool,
    db: ctx.db,
    runner: ctx.runner,
    events: ctx.events,
    commands: ctx.commands,
    clock: ctx.clock,
    newId: ctx.newId,
    auth: ctx.auth,
    provider,
    prices: createPlanPrices(provider.stripe, config, logger, catalog),
    catalog,
    mailer: mailerFromConfig(config, logger),
  };
  return {
    billing,
    reminders: createTrialReminders(billing),
    priceMoves: createPriceMoveSweep(billing),
  };
}

export const billingService: ServiceDefinition<
  typeof configSchema,
  BillingTx,
  BillingDb,
  BillingDeps
> = {
  name: 'billing',
  configSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  database: billingDatabase,
  projections: () => [
    customersProjection,
    paymentsProjection,
    paymentReviewProjection,
    subscriptionsProjection,
    trialsProjection,
    disputesProjection,
    priceMovesProjection,
    salesProjection,
    catalogProjection,
    promotionsProjection,
    giftPaymentsProjection,
  ],
  setup: setupBilling,
  consumers: (_ctx, { billing }) => billingConsumers(billing),
  mailer: ({ billing }) => billing.mailer,
  async onStart(ctx, { billing, reminders, priceMoves }) {
    await seedCatalog(billing);
    reminders.start();
    priceMoves.start();
    ctx.logger.info(
      {
        provider: billing.provider.name,
        sandboxUrl: billing.provider.sandbox ? ctx.config.STRIPE_SANDBOX_URL : undefined,
        mail: billing.mailer.destination,
      },
      'billing ready',
    );
  },
  routes(app, _ctx, { billing }) {
    app.use(paymentRoutes(billing));
    app.use(subscriptionRoutes(billing));
    app.use(teamRoutes(billing));
    app.use(trialRoutes(billing));
    app.use(webhookRoutes(billing));
    app.use(overviewRoutes(billing));
    app.use(refundRoutes(billing));
    app.use(disputeRoutes(billing));
    app.use(salesRoutes(billing));
    app.use(catalogRoutes(billing));
    app.use(promotionRoutes(billing));
    app.use(giftRoutes(billing));
  },
  shutdownSteps: (_ctx, { billing, reminders, priceMoves }) => [
    { name: 'trial reminders', stop: () => reminders.stop() },
    { name: 'plan price moves', stop: () => priceMoves.stop() },
    { name: 'mailer', stop: () => billing.mailer.close() },
  ],
};
