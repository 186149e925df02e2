import type { EventDataOf, EventDefinition, EventEnvelope } from '@mia/contracts';
import type { CommandResult, HandleOptions } from '../domain/command-handler.js';
import type { Decider, DomainEvent } from '../domain/decider.js';
import type { EventStoreSession } from './event-store.js';

/**
 * What a reaction works with: the transaction that also records the event in the inbox, with
 * the service's event store bound to it. Everything a reaction appends, every projection row
 * those appends write, and the inbox row commit together, or not at all.
 */
export interface ReactionContext<Tx = unknown> extends EventStoreSession<Tx> {
  /** Runs a command through a decider inside this transaction (see CommandHandler.handleIn). */
  decide<C, S, E extends DomainEvent>(
    streamId: string,
    decider: Decider<C, S, E>,
    command: C,
    options?: Omit<HandleOptions, 'maxAttempts'>,
  ): Promise<CommandResult<S, E>>;
  /** The service clock's time when the handler started. */
  now: Date;
}

/**
 * How a consumer treats the order of one source stream's events.
 * - `any`: every event is handled; the reaction copes with any order (deciders that remember
 *   what arrived early, e.g. a refund before its payment).
 * - `newest-wins`: an event older than one already handled for the same stream is skipped
 *   (recorded in the inbox, no effect), for read models that only keep the latest state.
 */
export type StreamOrdering = 'any' | 'newest-wins';

/** A consumer's reaction to one integration event (type + version). */
export interface Subscription<Tx = unknown, D extends EventDefinition = EventDefinition> {
  event: D;
  ordering: StreamOrdering;
  /** Runs inside the transaction that records the event in the inbox; throw to retry. */
  handle(
    data: EventDataOf<D>,
    envelope: EventEnvelope<EventDataOf<D>>,
    ctx: ReactionContext<Tx>,
  ): Promise<void>;
}

/** Declares a subscription with `data` typed from the event's schema. */
export function on<D extends EventDefinition, Tx = unknown>(
  event: D,
  handle: Subscription<Tx, D>['handle'],
  options: { ordering?: StreamOrdering } = {},
): Subscription<Tx> {
  return { event, handle, ordering: options.ordering ?? 'any' } as Subscription<Tx>;
}
