import pg from 'pg';
import { qualified } from '../db/identifiers.js';
import { backoffDelay, type BackoffOptions } from '../events/backoff.js';
import { sleep, Wakeup } from '../events/wakeup.js';
import type { Logger } from '../logger.js';
import { mailChannel } from './mail-queue.js';
import type { Mail, Mailer } from './mailer.js';
import { contextFromTraceparent } from '../tracing/propagation.js';
import { SpanKind, withSpan } from '../tracing/spans.js';

// Chance per drain that sent something of sweeping old sent rows: no timer, a small table.
const SWEEP_PROBABILITY = 0.01;
const KEEP_SENT_DAYS = 30;

export interface MailWorkerOptions {
  /** Short statements only: claim a row, record the outcome. No transaction spans a send. */
  pool: pg.Pool;
  /** PostgreSQL URL for the worker's LISTEN connection. */
  url: string;
  schema: string;
  mailer: Mailer;
  logger: Logger;
  /**
   * How long a claim keeps other workers off a row. Far longer than a send can last with the
   * mailer's timeouts, so only a worker that died mid-send lets another take the row over.
   */
  leaseMs?: number;
  /** Delay before the next attempt at a mail that failed (capped exponential). */
  retry?: BackoffOptions;
  /** Fallback poll, for mails whose backoff ended and notifications missed while reconnecting. */
  pollIntervalMs?: number;
}

export interface MailWorker {
  start(): void;
  /** Finishes the send in flight (bounded by the mailer's timeouts) and stops. */
  stop(): Promise<void>;
  /**
   * Sends every mail due now, one by one; answers how many went out. Tests call it to wait for
   * the mails of decisions they made (no sleeping).
   */
  drain(): Promise<number>;
}

interface QueuedRow {
  dedupe_key: string;
  mail: Mail & { traceparent?: string };
  queued_at: Date;
  attempts: number;
}

/**
 * Sends the mails decisions queued (enqueueMail), after their transaction committed and outside
 * any transaction: a slow or silent mail server delays mail only, never a payment or a webhook.
 *
 * Each mail is sent at least once and, short of a crash, exactly once per key:
 * - claim: one statement takes a due row with `FOR UPDATE SKIP LOCKED` and stamps a lease, so
 *   two workers (replicas) never take the same row;
 * - send, with no transaction open;
 * - record: `sent_at` in one short statement; a failure sets the next try with backoff.
 * A worker that dies after the server accepted a mail and before `sent_at` is written leaves the
 * row claimed; once the lease passes another worker sends it again. That second copy carries the
 * same Message-ID (and in MAIL_DIR rewrites the same file), so readers see one mail. This is the
 * only case a key is sent twice; an SMTP server cannot be told "only if not already delivered".
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    pool,
    url,
    schema,
    mailer,
    logger,
    leaseMs = 10 * 60_000,
    retry = { initialMs: 1_000, maxMs: 30 * 60_000, jitter: 0.2 },
    pollIntervalMs = 5_000,
  } = options;
  const table = qualified(schema, 'mail_queue');
  const log = logger.child({ component: 'mail-queue' });
  const wakeup = new Wakeup();
  const stopping = new AbortController();
  let listener: pg.Client | undefined;
  let loop: Promise<void> | undefined;
  let draining: Promise<number> | undefined;

  async function claim(): Promise<QueuedRow | undefined> {
    const { rows } = await pool.query<QueuedRow>(
      `UPDATE ${table} SET claimed_until = now() + $1 * interval '1 millisecond',
              attempts = attempts + 1
        WHERE dedupe_key = (
          SELECT dedupe_key FROM ${table}
           WHERE sent_at IS NULL AND due_at <= now()
             AND (claimed_until IS NULL OR claimed_until < now())
           ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING dedupe_key, mail, queued_at, attempts`,
      [leaseMs],
    );
    return rows[0];
  }

  async function sendOne(row: QueuedRow): Promise<boolean> {
    const { traceparent, ...queued } = row.mail;
    const mail: Mail = { ...queued, id: row.dedupe_key, queuedAt: row.queued_at.toISOString() };
    try {
      await withSpan(
        'mail.send',
        { kind: SpanKind.CLIENT, parent: contextFromTraceparent(traceparent) },
        () => mailer.send(mail),
      );
    } catch (err) {
      const delay = backoffDelay(row.attempts, retry);
      log.warn(
        { err, key: row.dedupe_key, attempts: row.attempts, retryInMs: delay },
        'mail not sent; retried',
      );
      await pool.query(
        `UPDATE ${table} SET claimed_until = NULL, last_error = $2,
                due_at = now() + $3 * interval '1 millisecond'
          WHERE dedupe_key = $1 AND sent_at IS NULL`,
        [row.dedupe_key, err instanceof Error ? err.message : String(err), delay],
      );
      return false;
    }
    await pool.query(
      `UPDATE ${table} SET sent_at = now(), claimed_until = NULL, last_error = NULL
        WHERE dedupe_key = $1`,
      [row.dedupe_key],
    );
    return true;
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    while (!stopping.signal.aborted) {
      const row = await claim();
      if (!row) break;
      if (await sendOne(row)) sent += 1;
    }
    if (sent > 0 && Math.random() < SWEEP_PROBABILITY) await forgetOldMails();
    return sent;
  }

  // Sent rows are kept a while as the dedupe keys' memory; by then every decision that could be
  // taken again (a redelivered event, a re-driven backlog) has its own guard too.
  async function forgetOldMails(): Promise<void> {
    await pool.query(
      `DELETE FROM ${table} WHERE sent_at < now() - interval '${KEEP_SENT_DAYS} days'`,
    );
  }

  // Drains run one after another: when drain() resolves, every mail that had committed when it
  // was called has been tried, even if a drain already in flight had looked before that commit.
  const drain = () => {
    const next = (draining ?? Promise.resolve(0)).catch(() => 0).then(drainOnce);
    draining = next;
    return next;
  };

  /** Milliseconds until the next unsent mail may be tried (its backoff or a claim ending). */
  async function untilNextDue(): Promise<number> {
    const { rows } = await pool.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(greatest(due_at, coalesce(claimed_until, due_at))) - now())
               * 1000)::float8 AS ms
         FROM ${table} WHERE sent_at IS NULL`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? pollIntervalMs : Math.max(10, Math.ceil(ms));
  }

  async function listen(): Promise<void> {
    if (listener) return;
    const client = new pg.Client({ connectionString: url, application_name: `mail:${schema}` });
    client.on('notification', () => wakeup.notify());
    client.on('error', (err) => {
      log.warn({ err }, 'mail queue listener failed; polling until it reconnects');
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query(`LISTEN "${mailChannel(schema)}"`);
    listener = client;
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopping.signal.aborted) {
      try {
        await listen();
        await drain();
        failures = 0;
        await wakeup.wait(Math.min(pollIntervalMs, await untilNextDue()));
      } catch (err) {
        failures += 1;
        log.warn({ err, failures }, 'mail queue unreachable; mails wait in it');
        await sleep(backoffDelay(failures, { initialMs: 500, maxMs: 30_000 }), stopping.signal);
      }
    }
  }

  return {
    start() {
      loop ??= run();
    },
    async stop() {
      stopping.abort();
      wakeup.notify();
      await loop;
      await draining?.catch(() => undefined);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
    drain,
  };
}
