// Shared set-up for the kit's event integration tests (the .test.ts suffix keeps it out of the
// build; no vitest project picks it up as a test file).
import { defineEvent } from '@mia/contracts';
import { createTestDatabase, createTestNats } from '@mia/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { z } from 'zod';
import { createPool, pgRunner, runMigrations, type TxContext } from '../db/index.js';
import { createLogger } from '../logger.js';
import { ensureStreams } from './streams.js';

export const SCHEMA = 'kit';

/** Integration events known only to these tests (the relay publishes what it is given). */
export const ThingHappened = defineEvent({
  type: 'KitThingHappened',
  version: 1,
  producer: 'identity',
  schema: z.object({ n: z.number().int(), label: z.string() }),
});
export const OtherThingHappened = defineEvent({
  type: 'KitOtherThingHappened',
  version: 1,
  producer: 'identity',
  schema: z.object({ n: z.number().int() }),
});
export const testEvents = [ThingHappened, OtherThingHappened];

/** What test handlers do: one row per effect, so a duplicate effect is visible. */
export async function recordEffect(
  consumer: string,
  envelope: { id: string; data: unknown },
  { sql }: TxContext,
): Promise<void> {
  await sql.query('INSERT INTO effects (consumer, event_id, n) VALUES ($1, $2, $3)', [
    consumer,
    envelope.id,
    (envelope.data as { n?: number }).n ?? null,
  ]);
}

export const testLogger = createLogger('kit-test', process.env.LOG_LEVEL ?? 'silent');

/** A migrated database with an `effects` table where test handlers record what they did. */
export async function kitDatabase() {
  const db = await createTestDatabase();
  await runMigrations({ url: db.url, schema: SCHEMA, dirs: [], logger: testLogger });
  const pool = createPool({ url: db.url, schema: SCHEMA, applicationName: 'kit-test', max: 30 });
  // Deliberately no unique constraint: a second effect must show up as a second row.
  await pool.query(
    'CREATE TABLE effects (id bigserial PRIMARY KEY, consumer text NOT NULL, event_id uuid NOT NULL, n int)',
  );
  return {
    db,
    pool,
    runner: pgRunner(pool),
    async effects(consumer: string): Promise<{ event_id: string; n: number }[]> {
      const { rows } = await pool.query(
        'SELECT event_id::text, n FROM effects WHERE consumer = $1 ORDER BY id',
        [consumer],
      );
      return rows;
    },
    async close() {
      await pool.end();
      await db.drop();
    },
  };
}

/** NATS with this run's own prefix and streams. */
export async function kitNats() {
  const nats = await createTestNats();
  const nc = await nats.connect();
  const jsm = await jetstreamManager(nc);
  const streams = await ensureStreams(jsm, nats.prefix);
  return { ...nats, nc, jsm, streams };
}
