import type { Express } from 'express';
import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import type { z } from 'zod';
import type { SessionAuth } from '../auth/middleware.js';
import type { BroadcastFeed, FedList } from '../auth/event-feed.js';
import type { RevocationList } from '../auth/revocations.js';
import type { BaseConfig } from '../config/base.js';
import type { TransactionRunner, TxContext } from '../db/sql.js';
import type { Clock, IdGenerator } from '../domain/clock.js';
import type { CommandHandler } from '../domain/command-handler.js';
import type { EventStore } from '../events/event-store.js';
import type { Projection } from '../events/projection.js';
import type { Subscription } from '../events/subscription.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../mail/mailer.js';
import type { ShutdownStep } from '../lifecycle/graceful-shutdown.js';

/** What a service's routes, projections and reactions are given. */
export interface ServiceContext<C extends BaseConfig, Tx, Db> {
  name: string;
  config: C;
  logger: Logger;
  /** The service's schema (DATABASE_SCHEMA, default: the service name). */
  schema: string;
  pool: pg.Pool;
  /** The service's own data client (Prisma Client for the four domain services). */
  db: Db;
  runner: TransactionRunner<Tx>;
  events: EventStore<Tx>;
  /** Runs commands through deciders against `events` (fold, decide, append, retry). */
  commands: CommandHandler<Tx>;
  /** The service's one clock: commands decide with it and the store stamps events with it. */
  clock: Clock;
  newId: IdGenerator;
  nats: NatsConnection;
  auth: SessionAuth;
  revocations: RevocationList;
}

/**
 * An in-memory list the service keeps from a broadcast feed (auth/event-feed.ts), beside the
 * session revocations every service keeps: started once the streams exist, stopped before
 * NATS, and the service is not ready until it has caught up.
 */
export interface ServiceFeed {
  name: string;
  list: Pick<FedList, 'loaded'>;
  start(): Promise<BroadcastFeed>;
}

/** The service's database client and the transaction runner built on it. */
export interface ServiceDatabase<Tx, Db> {
  db: Db;
  runner: TransactionRunner<Tx>;
  close(): Promise<void>;
}

/** A durable consumer: a name (unique in the service) and the events it reacts to. */
export interface ConsumerDefinition<Tx> {
  name: string;
  subscriptions: readonly Subscription<Tx>[];
  maxDeliver?: number;
}

/**
 * A read model written only by a consumer (not derived from the service's own store), and how
 * to empty it: `reprocess <consumer>` empties it and reads the source streams again.
 */
export interface ConsumerReadModel<Tx> {
  /** The consumer's name as in ConsumerDefinition.name. */
  consumer: string;
  reset(ctx: TxContext<Tx>): Promise<void>;
}

/**
 * Everything that makes a service different from the others; startService does the rest
 * (config, logging, migrations, pool, NATS, event store, relay, consumers, auth, health).
 */
export interface ServiceDefinition<S extends z.ZodObject, Tx, Db, D = void> {
  name: string;
  configSchema: S;
  /** The service's SQL migrations (dbmate format); the kit's own are applied first. */
  migrationsDir: string;
  database(pool: pg.Pool, config: z.output<S>): ServiceDatabase<Tx, Db>;
  projections?(ctx: ServiceContext<z.output<S> & BaseConfig, Tx, Db>): readonly Projection<Tx>[];
  /**
   * Builds the service's own dependencies once (hashers, mailers, provider clients); the
   * result is handed to routes, consumers, onStart and shutdownSteps.
   */
  setup?(ctx: ServiceContext<z.output<S> & BaseConfig, Tx, Db>): D;
  consumers?(
    ctx: ServiceContext<z.output<S> & BaseConfig, Tx, Db>,
    deps: D,
  ): readonly ConsumerDefinition<Tx>[];
  /**
   * The service's mailer, if it mails: startService then runs the mail queue's worker, which
   * sends the mails decisions queued (enqueueMail) after they commit.
   */
  mailer?(deps: D): Mailer;
  /** Consumer-fed read models that `reprocess` can rebuild. */
  readModels?: readonly ConsumerReadModel<Tx>[];
  routes(app: Express, ctx: ServiceContext<z.output<S> & BaseConfig, Tx, Db>, deps: D): void;
  /** Broadcast feeds of the service's own (e.g. a resource server's revoked OAuth grants). */
  feeds?(ctx: ServiceContext<z.output<S> & BaseConfig, Tx, Db>, deps: D): readonly ServiceFeed[];
  /** Work after migrations and before serving, e.g. applying configured roles. */
  onStart?(ctx: ServiceContext<z.output<S> & BaseConfig, Tx, Db>, deps: D): Promise<void>;
  /** Extra things to stop on shutdown, before NATS and the pool close. */
  shutdownSteps?(
    ctx: ServiceContext<z.output<S> & BaseConfig, Tx, Db>,
    deps: D,
  ): readonly ShutdownStep[];
}
