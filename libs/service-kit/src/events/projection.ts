import type { TxContext } from '../db/sql.js';
import type { StoredEvent } from './types.js';

/**
 * A read model kept in step with the store: applied in the transaction of every append, and
 * rebuilt from scratch by replay. `apply` must be deterministic given the event.
 *
 * Appends to different streams run concurrently (ADR 0014): live, `apply` runs in the order the
 * appending transactions get the rows' locks; replay runs in store order. Those agree within a
 * stream, not across streams, so a row written by events of several streams must be written
 * commutatively (an upsert that increments, `greatest`, set union), never read, changed in
 * JavaScript and written back.
 */
export interface Projection<Tx = unknown> {
  name: string;
  /** Event types this projection reacts to (any schema version; upcast in `apply`). */
  handles: readonly string[];
  apply(event: StoredEvent, ctx: TxContext<Tx>): Promise<void>;
  /**
   * Optional, for replay: applies many of its events (in store order) in a few statements. It
   * must leave the read model exactly as `apply` one event at a time would. Replay applies a
   * chunk of the store to the batch projections before the others, so a projection with
   * `applyBatch` must not be read by another projection's `apply`.
   */
  applyBatch?(events: readonly StoredEvent[], ctx: TxContext<Tx>): Promise<void>;
  /** Empties the read model before a replay. */
  reset(ctx: TxContext<Tx>): Promise<void>;
}

export async function applyProjections<Tx>(
  projections: readonly Projection<Tx>[],
  events: readonly StoredEvent[],
  ctx: TxContext<Tx>,
): Promise<void> {
  for (const event of events) {
    for (const projection of projections) {
      if (projection.handles.includes(event.type)) await projection.apply(event, ctx);
    }
  }
}

/**
 * Replay's way through a chunk of the store: each batch projection gets its events in one call,
 * then the rest are applied event by event as on append.
 */
export async function applyProjectionsInBatch<Tx>(
  projections: readonly Projection<Tx>[],
  events: readonly StoredEvent[],
  ctx: TxContext<Tx>,
): Promise<void> {
  const oneByOne: Projection<Tx>[] = [];
  for (const projection of projections) {
    if (!projection.applyBatch) {
      oneByOne.push(projection);
      continue;
    }
    const handled = events.filter((event) => projection.handles.includes(event.type));
    if (handled.length > 0) await projection.applyBatch(handled, ctx);
  }
  if (oneByOne.length > 0) await applyProjections(oneByOne, events, ctx);
}
