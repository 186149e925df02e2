import { qualified } from '../db/identifiers.js';
import type { Sql } from '../db/sql.js';
import type { Mail } from './mailer.js';
import { currentTraceparent } from '../tracing/propagation.js';

/** NOTIFY channel that wakes the mail worker of `schema` when a queued mail commits. */
export const mailChannel = (schema: string): string => `${schema}_mail`;

export interface MailDue {
  /**
   * One mail per key, ever: `receipt:<paymentId>`, `trial-reminder:<trialId>`. A decision taken
   * again (a redelivered event, a retried sweep) queues nothing new.
   */
  key: string;
  mail: Mail;
}

/**
 * Records that a mail is due, inside the caller's transaction (the one that records the
 * decision), so the mail exists exactly when the decision commits. Nothing is sent here: the
 * kit's mail worker sends it after commit, outside any transaction. NOTIFY is delivered by
 * PostgreSQL at commit, so the worker wakes only for mails that really committed.
 * Answers whether the key was new.
 */
export async function enqueueMail(
  sql: Sql,
  schema: string,
  { key, mail }: MailDue,
): Promise<boolean> {
  const rows = await sql.query<{ dedupe_key: string }>(
    `INSERT INTO ${qualified(schema, 'mail_queue')} (dedupe_key, mail) VALUES ($1, $2::jsonb)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING dedupe_key`,
    // The traceparent lets the later send show up in the trace of the work that queued it.
    [key, JSON.stringify({ ...mail, traceparent: currentTraceparent() })],
  );
  if (rows.length === 0) return false;
  await sql.query("SELECT pg_notify($1, '')::text AS notified", [mailChannel(schema)]);
  return true;
}
