// The appends benchmark: W concurrent writers, each on its own stream of one service, for a
// fixed time; the kit's event store (ADR 0014: no global lock) against plain `pg` INSERTs with
// per-stream optimistic concurrency (the unique (stream_id, version) alone), in the same run,
// in rounds that alternate the two so a change in the machine's load hits both.
import { createHash, randomUUID } from 'node:crypto';
import {
  createEventStore,
  createPool,
  pgRunner,
  runMigrations,
  createLogger,
} from '@mia/service-kit';
import { createTestDatabase } from '@mia/testing';
import type { Pool } from 'pg';

export const APPEND_TARGETS = [
  'kit event store',
  'kit event store, prepared',
  'serialised as before (ADR 8)',
  'plain pg INSERT',
] as const;
export type AppendTarget = (typeof APPEND_TARGETS)[number];

export interface AppendFigures {
  appendsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  appends: number;
  conflicts: number;
}

export interface AppendsOptions {
  writers: readonly number[];
  seconds: number;
  rounds: number;
}

export interface AppendsRun {
  /** rounds[r][writers][target] */
  rounds: Record<number, Record<AppendTarget, AppendFigures>>[];
  /** Whether the two wrote the same rows for the same append (checked once). */
  sameRows: boolean;
}

const SCHEMA = 'bench_appends';
const PLAIN = 'bench_plain';
const logger = createLogger('bench-appends', 'silent');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** One use, as the verification call appends it. */
const use = () => ({
  type: 'BenchGptOpened',
  data: { userId: randomUUID(), productId: 'predicas', at: new Date().toISOString() },
});

type AppendOne = (stream: string, version: number) => Promise<void>;

/** W writers append one event at a time to their own stream until the time is up. */
async function drive(
  writers: number,
  seconds: number,
  appendOne: AppendOne,
): Promise<AppendFigures> {
  const latencies: number[] = [];
  let conflicts = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      const stream = `use-${randomUUID()}`;
      let version = 0;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await appendOne(stream, version);
          version++;
          latencies.push(performance.now() - t0);
        } catch (err) {
          // Distinct streams: a conflict here would be a bug in the store, counted and shown.
          conflicts++;
          if (conflicts > 100) throw err;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    appendsPerSec: Math.round(latencies.length / elapsed),
    p50Ms: round1(percentile(latencies, 50)),
    p99Ms: round1(percentile(latencies, 99)),
    appends: latencies.length,
    conflicts,
  };
}

const PLAIN_TABLE = `
  CREATE SCHEMA ${PLAIN};
  CREATE TABLE ${PLAIN}.events (
    global_position bigserial PRIMARY KEY,
    stream_id text NOT NULL,
    version integer NOT NULL,
    id uuid NOT NULL UNIQUE,
    type text NOT NULL,
    event_version integer NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream_id, version)
  );`;

export async function benchAppends(
  options: AppendsOptions,
  progress: (line: string) => void = () => undefined,
): Promise<AppendsRun> {
  const db = await createTestDatabase();
  await runMigrations({ url: db.url, schema: SCHEMA, dirs: [], logger });
  const max = Math.max(...options.writers);
  // One pool for both (taken in turn), one connection per writer: the machine's PostgreSQL is
  // shared, and two pools of 50 would not fit in its max_connections.
  const pool: Pool = createPool({
    url: db.url,
    schema: SCHEMA,
    max,
    applicationName: 'bench-appends',
  });
  await pool.query(PLAIN_TABLE);
  const store = createEventStore({ runner: pgRunner(pool), schema: SCHEMA, definitions: [] });
  // The same store on a runner that names (prepares) every statement, as the plain INSERT is:
  // shows what parsing and planning the append's statement each time costs.
  const named = (text: string) => `kit-${createHash('sha1').update(text).digest('hex')}`;
  const preparedRunner = {
    ...pgRunner(pool),
    sql: {
      query: async <T>(text: string, values?: unknown[]) =>
        (await pool.query({ name: named(text), text, values })).rows as T[],
    },
  };
  const prepared = createEventStore({ runner: preparedRunner, schema: SCHEMA, definitions: [] });
  const metadata = JSON.stringify({
    correlationId: 'bench',
    causationId: null,
    requestId: 'bench',
  });

  const appendOne: Record<AppendTarget, AppendOne> = {
    'kit event store': async (stream, version) => {
      await store.append(stream, version === 0 ? 'no-stream' : version, [use()]);
    },
    // The old write path, approximately: the same append in a transaction that first takes the
    // one advisory lock per service that ADR 8 had every append take.
    'serialised as before (ADR 8)': async (stream, version) => {
      await store.transaction(async (s) => {
        await s.sql.query('SELECT pg_advisory_xact_lock(hashtext($1))::text AS locked', [
          `${SCHEMA}.serialised`,
        ]);
        await s.append(stream, version === 0 ? 'no-stream' : version, [use()]);
      });
    },
    'kit event store, prepared': async (stream, version) => {
      await prepared.append(stream, version === 0 ? 'no-stream' : version, [use()]);
    },
    // The minimal stack's write: one prepared INSERT; the unique (stream_id, version) is the
    // optimistic concurrency check.
    'plain pg INSERT': async (stream, version) => {
      const e = use();
      await pool.query({
        name: 'bench-append',
        text: `INSERT INTO ${PLAIN}.events (stream_id, version, id, type, event_version, data, metadata)
               VALUES ($1, $2, $3, $4, 1, $5, $6)`,
        values: [stream, version + 1, randomUUID(), e.type, JSON.stringify(e.data), metadata],
      });
    },
  };

  try {
    // Both wrote one event the same way (same columns, same values but ids and positions).
    const [stored] = await store.append('check', 'no-stream', [use()]);
    await appendOne['plain pg INSERT']('check', 0);
    const plainRow = (
      await pool.query(`SELECT stream_id, version, type, event_version FROM ${PLAIN}.events`)
    ).rows[0];
    const sameRows =
      stored !== undefined &&
      plainRow?.stream_id === stored.streamId &&
      plainRow?.version === stored.streamVersion &&
      plainRow?.type === stored.type;

    // Warm both pools and plans.
    for (const target of APPEND_TARGETS) await drive(max, 1, appendOne[target]);

    const rounds: AppendsRun['rounds'] = [];
    for (let r = 0; r < options.rounds; r++) {
      const round: AppendsRun['rounds'][number] = {};
      for (const writers of options.writers) {
        const order = r % 2 === 0 ? APPEND_TARGETS : [...APPEND_TARGETS].reverse();
        const figures = {} as Record<AppendTarget, AppendFigures>;
        for (const target of order) {
          progress(`round ${r + 1}: ${writers} writers, ${target}`);
          figures[target] = await drive(writers, options.seconds, appendOne[target]);
        }
        round[writers] = figures;
      }
      rounds.push(round);
    }
    return { rounds, sameRows };
  } finally {
    await pool.end();
    await db.drop();
  }
}
