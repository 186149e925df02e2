import type { TxContext } from '../db/sql.js';
import type { StoredEvent } from './types.js';

/**
 * A read model kept in step with the store: applied in the transaction of every append, and
 * rebuilt from scratch by replay. `apply` must be deterministic given the event.
 */
export interface Projection<Tx = unknown> {
  name: string;
  /** Event types this projection reacts to (any schema version; upcast in `apply`). */
  handles: readonly string[];
  apply(event: StoredEvent, ctx: TxContext<Tx>): Promise<void>;
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
