import { qualified } from '../db/identifiers.js';
import type { TransactionRunner } from '../db/sql.js';
import { lockAppends } from './append-lock.js';
import { EVENT_COLUMNS, toStoredEvent, type EventRow } from './event-rows.js';
import { applyProjections, type Projection } from './projection.js';

export interface RebuildOptions<Tx> {
  runner: TransactionRunner<Tx>;
  schema: string;
  projections: readonly Projection<Tx>[];
  batchSize?: number;
}

/**
 * Rebuilds read models from the event store in one transaction: readers see the old state
 * until the new one commits, and appends wait (append lock) so none is missed or doubled.
 */
export async function rebuildProjections<Tx>({
  runner,
  schema,
  projections,
  batchSize = 500,
}: RebuildOptions<Tx>): Promise<{ events: number }> {
  const table = qualified(schema, 'events');
  return runner.transaction(async (ctx) => {
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
      await applyProjections(projections, events, ctx);
      count += events.length;
      const last = events.at(-1);
      if (!last || events.length < batchSize) return { events: count };
      position = last.globalPosition;
    }
  });
}
