import type { StoredEvent } from '../events/types.js';

/** An event as a decider sees it: its type and its data (the store adds ids and positions). */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  readonly type: TType;
  readonly data: TData;
}

/**
 * What a decision may depend on besides the command and the state: the time and fresh ids.
 * Passed in, never read from the environment, so a rule can be tested given/when/then.
 */
export interface DecisionContext {
  readonly now: Date;
  newId(): string;
}

/**
 * An aggregate's rules as pure functions (Emmett's decider): `decide` chooses the events a
 * command produces from the state folded by `evolve`. No I/O: whatever a decision needs from
 * the outside world (a password hash, the provider's answer) arrives inside the command.
 */
export interface Decider<C, S, E extends DomainEvent> {
  /** Names the aggregate in logs and snapshots. */
  readonly name: string;
  initialState(): S;
  evolve(state: S, event: E): S;
  /** The events the command produces (none: nothing to do), or throws a DomainError. */
  decide(command: C, state: S, context: DecisionContext): readonly E[];
  /**
   * Reads a stored event as one of the decider's events (the place to upcast old versions).
   * Return undefined for events of the stream the decider does not fold. Default: as stored.
   */
  read?(event: StoredEvent): E | undefined;
  /** Schema version an event is appended with (default 1). */
  versionOf?(event: E): number;
  /**
   * For streams that can grow long: keep a derived copy of the state every `every` events.
   * Raise `version` whenever the state's shape or `evolve` changes; older snapshots are then
   * ignored and rebuilt. The state must survive JSON (no Dates, Maps or class instances).
   */
  readonly snapshot?: { readonly version: number; readonly every: number };
}

/** Folds events into a state, starting from `from` (default: the initial state). */
export function fold<C, S, E extends DomainEvent>(
  decider: Decider<C, S, E>,
  events: readonly E[],
  from: S = decider.initialState(),
): S {
  return events.reduce((state, event) => decider.evolve(state, event), from);
}

/** The decider's view of stored events, in stream order. */
export function readEvents<C, S, E extends DomainEvent>(
  decider: Decider<C, S, E>,
  stored: readonly StoredEvent[],
): E[] {
  const read =
    decider.read ?? ((event: StoredEvent) => ({ type: event.type, data: event.data }) as E);
  const events: E[] = [];
  for (const event of stored) {
    const domainEvent = read(event);
    if (domainEvent) events.push(domainEvent);
  }
  return events;
}
