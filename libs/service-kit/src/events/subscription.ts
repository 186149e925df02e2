import type { EventDataOf, EventDefinition, EventEnvelope } from '@mia/contracts';
import type { TxContext } from '../db/sql.js';

/** A consumer's reaction to one integration event (type + version). */
export interface Subscription<Tx = unknown, D extends EventDefinition = EventDefinition> {
  event: D;
  /** Runs inside the transaction that records the event in the inbox; throw to retry. */
  handle(
    data: EventDataOf<D>,
    envelope: EventEnvelope<EventDataOf<D>>,
    ctx: TxContext<Tx>,
  ): Promise<void>;
}

/** Declares a subscription with `data` typed from the event's schema. */
export function on<D extends EventDefinition, Tx = unknown>(
  event: D,
  handle: Subscription<Tx, D>['handle'],
): Subscription<Tx> {
  return { event, handle } as Subscription<Tx>;
}
