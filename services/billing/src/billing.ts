import type {
  Clock,
  CommandHandler,
  EventStore,
  IdGenerator,
  Logger,
  Mailer,
  SessionAuth,
  TransactionRunner,
} from '@mia/service-kit';
import type pg from 'pg';
import type { BillingConfig } from './config.js';
import type { CatalogReader } from './catalog/catalog-reader.js';
import type { BillingDb, BillingTx } from './db.js';
import type { PlanPrices } from './provider/prices.js';
import type { PaymentProvider } from './provider/stripe-client.js';

/**
 * Everything billing's commands, routes and reactions work with: built once per running service
 * by the definition's `setup` (tests start several services in one process).
 */
export interface Billing {
  config: BillingConfig;
  logger: Logger;
  /** The service's schema, for the inbox and advisory locks. */
  schema: string;
  pool: pg.Pool;
  /** The read models: answers only, never the basis of a decision. */
  db: BillingDb;
  runner: TransactionRunner<BillingTx>;
  events: EventStore<BillingTx>;
  /** Runs a decider against the event store: the only way billing changes anything. */
  commands: CommandHandler<BillingTx>;
  clock: Clock;
  newId: IdGenerator;
  auth: SessionAuth;
  provider: PaymentProvider;
  prices: PlanPrices;
  catalog: CatalogReader;
  mailer: Mailer;
}
