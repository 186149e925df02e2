import { qualified } from '../db/identifiers.js';
import type { Sql, TransactionRunner, TxContext } from '../db/sql.js';

export type InboxResult<T> = { processed: true; result: T } | { processed: false };

/**
 * Runs `effect` at most once per (consumer, event id). The inbox row is inserted first, in the
 * effect's transaction: a concurrent duplicate blocks on the primary key until the first commits
 * and then sees the conflict; if the first rolls back, the duplicate does the work instead.
 */
export async function processOnce<Tx, T>(
  runner: TransactionRunner<Tx>,
  schema: string,
  consumer: string,
  eventId: string,
  effect: (ctx: TxContext<Tx>) => Promise<T>,
): Promise<InboxResult<T>> {
  const inbox = qualified(schema, 'inbox');
  return runner.transaction(async (ctx) => {
    const inserted = await ctx.sql.query(
      `INSERT INTO ${inbox} (consumer, event_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING event_id::text AS event_id`,
      [consumer, eventId],
    );
    if (inserted.length === 0) return { processed: false };
    return { processed: true, result: await effect(ctx) };
  });
}

/** Whether the consumer already committed an effect for the event. */
export async function isProcessed(
  sql: Sql,
  schema: string,
  consumer: string,
  eventId: string,
): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 AS found FROM ${qualified(schema, 'inbox')} WHERE consumer = $1 AND event_id = $2`,
    [consumer, eventId],
  );
  return rows.length > 0;
}
