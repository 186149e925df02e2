import type pg from 'pg';
import { accessCodeResponseSchema } from '@mia/contracts';
import { beforeAll, expect, it } from 'vitest';
import { accessTestBed, call, registerUser, TEST_GPT_KEY } from '../access-harness.fixture.js';

const THRESHOLD = 2;
const bed = accessTestBed({ USAGE_ALERT_THRESHOLD: String(THRESHOLD) });

type QueryArg = string | { text?: string } | undefined;
type Traced = pg.PoolClient & { traced?: true };

// The kit's background workers share the pool and wake after a commit: the relay's position
// and the mail worker's claims are their bookkeeping, not the request's writes.
const BACKGROUND = /relay_position|^UPDATE\s+\S*mail_queue|^DELETE\s+FROM\s+\S*mail_queue/i;

/**
 * Every statement access sends through its pool (its own SQL and Prisma's, which shares the
 * pool), grouped into transactions per connection: the write transactions a request caused.
 */
function traceWrites(pool: pg.Pool) {
  let recording = false;
  let writeTransactions = 0;
  const open = new Map<pg.PoolClient, { writes: boolean }>();
  pool.on('acquire', (client: Traced) => {
    if (client.traced) return;
    client.traced = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as QueryArg;
      const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim();
      if (recording) {
        if (/^(BEGIN|START TRANSACTION)\b/i.test(text)) open.set(client, { writes: false });
        else if (/^(COMMIT|ROLLBACK|END)\b/i.test(text) && !/^ROLLBACK TO/i.test(text)) {
          if (open.get(client)?.writes) writeTransactions++;
          open.delete(client);
        } else if (/\b(INSERT|UPDATE|DELETE)\b/i.test(text) && !BACKGROUND.test(text)) {
          const tx = open.get(client);
          if (tx) tx.writes = true;
          else writeTransactions++;
        }
      }
      return query(...args);
    };
  });
  return {
    async during(fn: () => Promise<unknown>): Promise<number> {
      writeTransactions = 0;
      open.clear();
      recording = true;
      try {
        await fn();
      } finally {
        recording = false;
      }
      return writeTransactions;
    },
  };
}

let trace: ReturnType<typeof traceWrites>;
beforeAll(() => {
  trace = traceWrites(bed.access.ctx.pool);
});

const verify = (accessCode: string) =>
  call(bed.access.url, 'POST', '/api/gpt/v1/verify', {
    body: { accessCode, productId: 'apocalipsis' },
    headers: { authorization: `Bearer ${TEST_GPT_KEY}` },
  });

it('a verification is one write transaction: its append (and the alert mail it queues)', async () => {
  const user = await registerUser(bed.identity, bed.access);
  const { accessCode } = accessCodeResponseSchema.parse(
    (await call(bed.access.url, 'GET', '/api/access-code', { token: user.token })).body,
  );
  const saved = await call(bed.access.url, 'PUT', '/api/settings', {
    token: user.token,
    body: { emailNotifications: true, usageAlerts: true },
  });
  expect(saved.status).toBe(200);

  // Refused (no access): a GptAccessDenied, one transaction.
  expect(await trace.during(() => verify(accessCode))).toBe(1);
  expect(await trace.during(() => verify(accessCode))).toBe(1);
  // The one that crosses the usage-alert threshold queues its mail in the same transaction.
  let answer: Awaited<ReturnType<typeof verify>> | undefined;
  expect(await trace.during(async () => (answer = await verify(accessCode)))).toBe(1);
  expect(answer?.body).toMatchObject({ reason: 'no_access' });
  const queued = await bed.access.ctx.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM access.mail_queue WHERE dedupe_key LIKE $1`,
    [`usage-alert:${user.id}:%`],
  );
  expect(Number(queued.rows[0]?.n)).toBe(1);

  // A wrong code writes nothing at all.
  expect(await trace.during(() => verify('MIA-2222-3333-4444'))).toBe(0);
});
