import {
  createEventStore,
  createLogger,
  createPool,
  createRelay,
  pgRunner,
  runMigrations,
  withSearchPath,
  type EventStore,
} from '@mia/service-kit';
import type pg from 'pg';
import type { TestDatabase } from './postgres.js';
import type { TestNats } from './nats.js';

export interface EventPublisher {
  store: EventStore<pg.PoolClient>;
  stop(): Promise<void>;
}

/**
 * Another service's side of a flow, played by the kit itself: an event store in `schema`
 * (e.g. "identity") whose relay publishes to the test run's NATS prefix, exactly as that
 * service would. Lets a consumer be tested without starting its producer.
 */
export async function startEventPublisher(
  db: Pick<TestDatabase, 'url'>,
  nats: Pick<TestNats, 'prefix' | 'connect'>,
  schema: string,
): Promise<EventPublisher> {
  const logger = createLogger(`${schema}-publisher`, 'silent');
  await runMigrations({ url: db.url, schema, dirs: [], logger });
  const pool = createPool({ url: db.url, schema, applicationName: `${schema}-publisher` });
  const relay = createRelay({
    url: withSearchPath(db.url, schema),
    schema,
    nats: await nats.connect(),
    prefix: nats.prefix,
    logger,
  });
  relay.start();
  return {
    store: createEventStore({ runner: pgRunner(pool), schema }),
    async stop() {
      await relay.stop();
      await pool.end();
    },
  };
}
