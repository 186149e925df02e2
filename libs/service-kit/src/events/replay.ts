import { qualified } from '../db/identifiers.js';
import type { TransactionRunner } from '../db/sql.js';
import { excludeAppends } from './append-lock.js';
import { cursorOf, EVENT_COLUMNS, START, toStoredEvent, type EventRow } from './event-rows.js';
import { applyProjectionsInBatch, type Projection } from './projection.js';

export interface RebuildOptions<Tx> {
  runner: TransactionRunner<Tx>;
  schema: string;
  projections: readonly Projection<Tx>[];
  /** Events read from the store per query (and handed to each batch projection at once). */
  batchSize?: number;
  /** How long the one transaction may run (the runner's own default when unset). */
  timeoutMs?: number;
  /** Called after each chunk with the events applied so far (for an operator's progress line). */
  onProgress?(events: number): void;
}

/**
 * Rebuilds read models from the event store in one transaction: readers see the old state
 * until the new one commits, and appends wait (the append lock, taken exclusively here) so none
 * is missed or doubled. With no append in flight every event is committed, so the whole store
 * is read in store order (transaction id, then global position: the order cursors follow).
 * Projections whose rows take events of several streams are applied here in that order, and
 * live in lock order; they must therefore not depend on the order across streams (ADR 0014).
 * Chunks of `batchSize` events go to projections with `applyBatch` in one call each, which is
 * what keeps a store of a million uses within a minute.
 */
export async function rebuildProjections<Tx>({
  runner,
  schema,
  projections,
  batchSize = 5_000,
  timeoutMs,
  onProgress,
}: RebuildOptions<Tx>): Promise<{ events: number }> {
  const table = qualified(schema, 'events');
  return runner.transaction(
    async (ctx) => {
      await excludeAppends(ctx.sql, schema);
      for (const projection of projections) await projection.reset(ctx);
      let cursor = START;
      let count = 0;
      for (;;) {
        const rows = await ctx.sql.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM ${table}
           WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
           ORDER BY transaction_id, global_position LIMIT $3::int`,
          [cursor.transactionId, cursor.globalPosition, batchSize],
        );
        const events = rows.map(toStoredEvent);
        await applyProjectionsInBatch(projections, events, ctx);
        count += events.length;
        const last = events.at(-1);
        if (!last || events.length < batchSize) return { events: count };
        onProgress?.(count);
        cursor = cursorOf(last);
      }
    },
    { timeoutMs },
  );
}
