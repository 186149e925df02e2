// The dashboard against the size of access's event store, and the time to rebuild access's
// projections from it. One user with 14 paid tools and past uses (as the access benchmark seeds
// them) reads the dashboard through the gateway with ~1k events stored; then other users' uses
// are written straight into the store with SQL in bulk, up to BENCH_STORE_EVENTS, and the read
// is taken again (it reads projections, so the store's size should not show); last, access's
// `replay` command rebuilds every projection from the whole store, timed.
import { catalogPublisher } from '@mia/testing';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { products } from '@mia/catalog';
import { GptOpenedV1 } from '@mia/contracts';
import { dashboard, seedOpens, seedPurchases } from './access.js';
import {
  createStack,
  freePort,
  load,
  progress,
  root,
  sessionSigner,
  type LoadFigures,
} from './commerce-stack.js';
import { children } from './load-stack.js';

/** The dashboard read at saturation (throughput) and at a fixed offered rate (latency). */
export interface Read {
  saturation: LoadFigures;
  fixedRate: LoadFigures;
}

/** One run of access's `replay`: how long it took, and why it failed when it did. */
export interface Replay {
  events: number;
  seconds: number;
  failure?: string;
}

export interface StoreFigures {
  rate: number;
  small: { events: number; read: Read };
  large: { events: number; read: Read; seedSeconds: number };
  /** Replays at a middle size and at the large one, in that order. */
  replays: Replay[];
  /** The read over the rebuilt projections (when the large replay succeeded). */
  afterReplay?: Read;
}

const ACCESS_SCRIPT = `${root}services/access/dist/main.js`;
// Other users' uses: this many per usage stream (one stream per user).
const PER_USER = 100;
const CHUNK = 100_000;

const run = promisify(execFile);

async function eventCount(sql: pg.Client): Promise<number> {
  const { rows } = await sql.query<{ n: string }>('SELECT count(*) AS n FROM access.events');
  return Number(rows[0]?.n);
}

/**
 * Other users' GptOpened events, `count` of them, in bulk: streams `usage-<uuid>` of
 * PER_USER events each, as access would have appended them (the same type, shape and metadata).
 */
async function seedStore(sql: pg.Client, count: number, offset: number): Promise<void> {
  const ids = products.map((p) => p.id);
  // `offset` continues the numbering of an earlier call: new users' streams, never a clash.
  const end = offset + count;
  for (let from = offset; from < end; from += CHUNK) {
    const to = Math.min(end, from + CHUNK) - 1;
    await sql.query(
      `INSERT INTO access.events (stream_id, version, id, type, event_version, data, metadata, occurred_at)
       SELECT 'usage-' || u.id, (g % $3) + 1, gen_random_uuid(), $4, $5,
              jsonb_build_object('userId', u.id, 'productId', ($6::text[])[1 + g % $7],
                                 'via', 'dashboard', 'at', to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              jsonb_build_object('correlationId', c.id, 'requestId', c.id, 'causationId', null),
              t.at
         FROM generate_series($1::int, $2::int) AS g,
              LATERAL (SELECT md5('bench-user-' || (g / $3)) AS h) AS m,
              -- A version-4 shape: the contracts accept RFC 4122 ids only.
              LATERAL (SELECT substr(m.h, 1, 8) || '-' || substr(m.h, 9, 4) || '-4' || substr(m.h, 14, 3)
                              || '-8' || substr(m.h, 18, 3) || '-' || substr(m.h, 21, 12) AS id) AS u,
              LATERAL (SELECT gen_random_uuid()::text AS id) AS c,
              LATERAL (SELECT now() - make_interval(secs => g) AS at) AS t`,
      [from, to, PER_USER, GptOpenedV1.type, GptOpenedV1.version, ids, ids.length],
    );
    progress(`store: ${to + 1 - offset} of ${count} events written`);
  }
}

export async function benchStore(options: {
  seconds: number;
  rate: number;
  smallEvents: number;
  middleEvents: number;
  largeEvents: number;
}): Promise<StoreFigures> {
  const stack = await createStack();
  // Billing's first start publishes the catalogue access verifies against (ADR 0018).
  await catalogPublisher(stack.nats).seed();
  const sql = new pg.Client({ connectionString: stack.db.url });
  try {
    const accessPort = await freePort();
    const accessEnv = stack.serviceEnv(accessPort, { METRICS_PORT: String(await freePort()) });
    const access = await stack.start('access', ACCESS_SCRIPT, accessEnv);
    const gateway = await stack.start('gateway', `${root}services/gateway/dist/main.js`, {
      MIA_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ACCESS_URL: access,
    });
    await sql.connect();
    const user = { id: randomUUID(), email: 'pastor-carga@iglesia.org', name: 'Pastor Carga' };
    const token = await sessionSigner()({ userId: user.id, email: user.email, name: user.name });
    await seedPurchases(stack, sql, user);
    await seedOpens(access, token, Math.max(0, options.smallEvents - (await eventCount(sql))));
    await dashboard(gateway, token);
    const url = `${gateway}/api/dashboard`;
    const headers = { authorization: `Bearer ${token}` };
    const read = async (label: string): Promise<Read> => {
      await load('warm-up', { url, headers, seconds: 5 });
      return {
        saturation: await load(label, { url, headers, seconds: options.seconds }),
        fixedRate: await load(label, {
          url,
          headers,
          seconds: options.seconds,
          connections: 10,
          rate: options.rate,
        }),
      };
    };
    const small = await eventCount(sql);
    progress(`store: dashboard with ${small} events stored (${options.seconds} s)`);
    const smallRead = await read(`dashboard, ${small} events`);

    // Written with access stopped, and its relay's position moved past them: they are other
    // users' past uses, already published long ago, not news for NATS.
    let seedSeconds = 0;
    const grow = async (to: number) => {
      progress(`store: stopping access to write up to ${to} events in bulk`);
      await stopAccess(accessPort);
      const t0 = performance.now();
      const from = await eventCount(sql);
      await seedStore(sql, to - from, from);
      // The relay's cursor to the last event in store order (ADR 0014).
      await sql.query(
        `UPDATE access.relay_position SET (transaction_id, position) =
           (SELECT transaction_id, global_position FROM access.events
             ORDER BY transaction_id DESC, global_position DESC LIMIT 1)`,
      );
      await sql.query('ANALYZE access.events');
      seedSeconds += (performance.now() - t0) / 1000;
      await stack.start('access (restarted)', ACCESS_SCRIPT, accessEnv, { port: accessPort });
      return eventCount(sql);
    };
    const replay = async (events: number): Promise<Replay> => {
      progress(`store: access's replay over ${events} events`);
      const r0 = performance.now();
      try {
        await run('node', [ACCESS_SCRIPT, 'replay'], {
          env: { ...process.env, ...accessEnv, LOG_LEVEL: 'warn' },
          maxBuffer: 16 * 1024 * 1024,
          timeout: 30 * 60_000,
        });
        return { events, seconds: (performance.now() - r0) / 1000 };
      } catch (err) {
        const output = String((err as { stderr?: string }).stderr ?? err);
        // Prisma's error carries its code and what timed out; else the error's own line.
        const prisma = /code: '(P\d+)'[\s\S]*?meta: (\{[^}]*\})/.exec(output);
        const reason = prisma
          ? `Prisma ${prisma[1]} ${prisma[2]}`
          : (/^\w*Error: .*$/m.exec(output)?.[0] ?? output.slice(-300));
        progress(`store: the replay failed: ${reason}`);
        return { events, seconds: (performance.now() - r0) / 1000, failure: reason };
      }
    };

    const replays = [await replay(await grow(options.middleEvents))];
    const large = await grow(options.largeEvents);
    progress(`store: dashboard with ${large} events stored`);
    const largeRead = await read(`dashboard, ${large} events`);
    replays.push(await replay(large));
    const afterReplay = replays.at(-1)?.failure ? undefined : await read('dashboard after replay');
    return {
      rate: options.rate,
      small: { events: small, read: smallRead },
      large: { events: large, read: largeRead, seedSeconds },
      replays,
      afterReplay,
    };
  } finally {
    await sql.end().catch(() => undefined);
    await stack.stop();
  }
}

/** Stops the access process this benchmark started (found by its script and port). */
async function stopAccess(port: number): Promise<void> {
  for (const { pid, cmdline } of await children()) {
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
    if (!cmdline.includes(ACCESS_SCRIPT) || !environ.split('\0').includes(`PORT=${port}`)) continue;
    process.kill(pid, 'SIGTERM');
    // Gone when /proc no longer lists it (or lists a zombie the stack reaps).
    for (;;) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      if (!stat || / Z /.test(stat)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('the access process was not found');
}
