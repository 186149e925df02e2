import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  startTestSmtpServer,
  waitFor,
  type TestDatabase,
  type TestSmtpServer,
} from '@mia/testing';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withSearchPath } from '../db/pool.js';
import { runMigrations } from '../db/migrate.js';
import { lockAppends } from '../events/append-lock.js';
import { createLogger } from '../logger.js';
import { enqueueMail } from './mail-queue.js';
import { createMailWorker, type MailWorker } from './mail-worker.js';
import { createMailer, type Mail, type Mailer } from './mailer.js';

const logger = createLogger('mail-queue-test', 'silent');
const schema = 'mailq';
const from = 'Ministerio IA <no-reply@ministerioia.com>';
let db: TestDatabase;
let pool: pg.Pool;
const cleanups: (() => Promise<unknown>)[] = [];

const mail = (to: string, subject = 'Recibo'): Mail => ({
  to,
  subject,
  text: 'Gracias',
  html: '<p>Gracias</p>',
  meta: { kind: 'receipt' },
});

/** Queues in a transaction that holds the append lock, as a decision does. */
async function queue(key: string, m: Mail): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const sql = { query: async (t: string, p?: unknown[]) => (await client.query(t, p)).rows };
    await lockAppends(sql, schema);
    await enqueueMail(sql, schema, { key, mail: m });
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

function worker(mailer: Mailer, options: { leaseMs?: number } = {}): MailWorker {
  const w = createMailWorker({
    pool,
    url: withSearchPath(db.url, schema),
    schema,
    mailer,
    logger,
    retry: { initialMs: 50, maxMs: 50 },
    pollIntervalMs: 100,
    ...options,
  });
  cleanups.push(() => w.stop());
  return w;
}

async function smtp(mode: 'silent' | 'ok'): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer(mode);
  cleanups.push(() => server.close());
  return server;
}

const smtpMailer = (url: string, greetingMs = 300) => {
  const m = createMailer({
    smtpUrl: url,
    from,
    mailDir: '/nonexistent',
    logger,
    smtpTimeouts: { greetingMs, connectionMs: 300 },
  });
  cleanups.push(async () => m.close());
  return m;
};

beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations({ url: db.url, schema, dirs: [], logger });
  pool = new pg.Pool({ connectionString: withSearchPath(db.url, schema), max: 8 });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await pool.query(`TRUNCATE ${schema}.mail_queue`);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('mail queue', () => {
  it('queues one mail per key, sends nothing for a rolled-back decision', async () => {
    const server = await smtp('ok');
    await queue('receipt:1', mail('ana@iglesia.example'));
    await queue('receipt:1', mail('ana@iglesia.example', 'Otra vez'));
    const client = await pool.connect();
    await client.query('BEGIN');
    await enqueueMail({ query: async (t, p) => (await client.query(t, p)).rows }, schema, {
      key: 'receipt:rolled-back',
      mail: mail('eva@iglesia.example'),
    });
    await client.query('ROLLBACK');
    client.release();

    expect(await worker(smtpMailer(server.url)).drain()).toBe(1);
    expect(server.received.map((m) => [m.to[0], /Subject: (.*)/.exec(m.data)?.[1]])).toEqual([
      ['<ana@iglesia.example>', 'Recibo'],
    ]);
  });

  it('a server that accepts and never greets delays only the mail; it goes once the server behaves', async () => {
    const server = await smtp('silent');
    const w = worker(smtpMailer(server.url));
    w.start();
    await queue('receipt:2', mail('rut@iglesia.example'));
    const row = async () =>
      (await pool.query(`SELECT attempts, last_error, sent_at FROM ${schema}.mail_queue`))
        .rows[0] as {
        attempts: number;
        last_error: string | null;
        sent_at: Date | null;
      };
    // The greeting timeout ends the attempt; the row records it and waits for its retry.
    await waitFor(async () => (await row()).last_error, { message: 'the failed attempt' });
    expect((await row()).sent_at).toBeNull();

    // Meanwhile the append lock is free: a decision commits at once.
    const started = Date.now();
    await queue('receipt:3', mail('eva@iglesia.example'));
    expect(Date.now() - started).toBeLessThan(500);

    server.behave('ok');
    await waitFor(() => server.received.length === 2, { message: 'both mails sent' });
    expect((await row()).sent_at).not.toBeNull();
    expect(server.received.map((m) => m.to[0]).sort()).toEqual([
      '<eva@iglesia.example>',
      '<rut@iglesia.example>',
    ]);
  });

  it('replicas draining together send each key once', async () => {
    const server = await smtp('ok');
    for (let i = 0; i < 12; i++) await queue(`usage:${i}`, mail(`u${i}@iglesia.example`));
    const workers = [0, 1, 2].map(() => worker(smtpMailer(server.url)));
    const sent = await Promise.all(workers.map((w) => w.drain()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(12);
    expect(server.received).toHaveLength(12);
    expect(new Set(server.received.map((m) => m.to[0])).size).toBe(12);
  });

  it('across a crash between send and record, the second copy is the same mail (same Message-ID, same file)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mia-mailq-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const folder = createMailer({ from, mailDir: dir, logger });
    const server = await smtp('ok');
    const viaSmtp = smtpMailer(server.url);
    // A worker that sends and then never records it: the process died right after the send.
    const dying = (inner: Mailer): Mailer => ({
      ...inner,
      send: async (m) => {
        await inner.send(m);
        await new Promise(() => undefined);
      },
    });
    await queue('reminder:9', mail('lidia@iglesia.example'));
    const crashedFolder = createMailWorker({
      pool,
      url: db.url,
      schema,
      mailer: dying(folder),
      logger,
      leaseMs: 300,
    });
    void crashedFolder.drain();
    await waitFor(async () => (await readdir(dir)).length === 2, { message: 'the first copy' });

    // While the claim lasts, no other worker takes the row.
    const survivor = worker(folder, { leaseMs: 300 });
    expect(await survivor.drain()).toBe(0);
    // Once it passes, the mail goes again: at least once. In MAIL_DIR it rewrites its own file.
    await waitFor(async () => (await survivor.drain()) === 1, { message: 'the retake' });
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dir, files[0]!), 'utf8'))).toMatchObject({
      to: 'lidia@iglesia.example',
    });

    // Over SMTP both copies carry one Message-ID, so the customer's mail client shows one.
    await queue('reminder:10', mail('marta@iglesia.example'));
    const crashedSmtp = createMailWorker({
      pool,
      url: db.url,
      schema,
      mailer: dying(viaSmtp),
      logger,
      leaseMs: 300,
    });
    void crashedSmtp.drain();
    await waitFor(() => server.received.length === 1, { message: 'the first SMTP copy' });
    const smtpSurvivor = worker(viaSmtp, { leaseMs: 300 });
    await waitFor(async () => (await smtpSurvivor.drain()) === 1, { message: 'the SMTP retake' });
    expect(server.received).toHaveLength(2);
    expect(server.received[0]?.messageId).toBeDefined();
    expect(server.received[1]?.messageId).toBe(server.received[0]?.messageId);
  });
});
