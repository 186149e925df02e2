import type { AppendOptions, EventStore, EventStoreSession } from '../events/event-store.js';
import { ConcurrencyError, type NewEvent, type StoredEvent } from '../events/types.js';
import type { Clock, IdGenerator } from './clock.js';
import { fold, readEvents, type Decider, type DomainEvent } from './decider.js';
import { readSnapshot, writeSnapshot } from './snapshots.js';

export interface CommandResult<S, E extends DomainEvent> {
  /** The state the decision was made on. */
  before: S;
  /** The state after the new events. */
  state: S;
  /** What `decide` returned (empty: the command changed nothing). */
  decided: readonly E[];
  /** The decided events as stored (ids, versions, positions). */
  appended: StoredEvent[];
  /** The stream's version after the command. */
  streamVersion: number;
}

export interface HandleOptions extends AppendOptions {
  /** Attempts when another writer appended to the stream meanwhile (default 5). */
  maxAttempts?: number;
}

export interface CommandHandler<Tx> {
  /**
   * Reads the stream, folds it, decides and appends at the stream's own version, in a new
   * transaction; on a concurrency conflict the whole decision is made again on the new state.
   */
  handle<C, S, E extends DomainEvent>(
    streamId: string,
    decider: Decider<C, S, E>,
    command: C,
    options?: HandleOptions,
  ): Promise<CommandResult<S, E>>;
  /**
   * The same inside a transaction opened elsewhere (a reaction's, so the inbox row and the
   * events commit together). No retry here: a conflict rolls the transaction back and the
   * caller's own retry (the consumer's redelivery) decides again.
   */
  handleIn<C, S, E extends DomainEvent>(
    session: EventStoreSession<Tx>,
    streamId: string,
    decider: Decider<C, S, E>,
    command: C,
    options?: AppendOptions,
  ): Promise<CommandResult<S, E>>;
  /** The folded state of a stream, read outside any command (for answers, not decisions). */
  load<C, S, E extends DomainEvent>(
    streamId: string,
    decider: Decider<C, S, E>,
  ): Promise<{ state: S; streamVersion: number }>;
  /**
   * The folded state of a stream read through an open session: inside a transaction, a read
   * through the pool would hold a second connection per request and starve the pool.
   */
  loadIn<C, S, E extends DomainEvent>(
    session: Pick<EventStoreSession<Tx>, 'sql' | 'readStream'>,
    streamId: string,
    decider: Decider<C, S, E>,
  ): Promise<{ state: S; streamVersion: number }>;
}

export interface CommandHandlerOptions<Tx> {
  store: EventStore<Tx>;
  clock: Clock;
  newId: IdGenerator;
}

export function createCommandHandler<Tx>({
  store,
  clock,
  newId,
}: CommandHandlerOptions<Tx>): CommandHandler<Tx> {
  async function current<C, S, E extends DomainEvent>(
    session: Pick<EventStoreSession<Tx>, 'sql' | 'readStream'>,
    streamId: string,
    decider: Decider<C, S, E>,
  ) {
    const snapshot = decider.snapshot
      ? await readSnapshot<S>(
          session.sql,
          store.schema,
          streamId,
          decider.name,
          decider.snapshot.version,
        )
      : undefined;
    const from = snapshot?.streamVersion ?? 0;
    const stored = await session.readStream(streamId, { afterVersion: from });
    const state = fold(decider, readEvents(decider, stored), snapshot?.state);
    return { state, streamVersion: stored.at(-1)?.streamVersion ?? from, snapshotAt: from };
  }

  async function handleIn<C, S, E extends DomainEvent>(
    session: EventStoreSession<Tx>,
    streamId: string,
    decider: Decider<C, S, E>,
    command: C,
    options?: AppendOptions,
  ): Promise<CommandResult<S, E>> {
    const { state: before, streamVersion, snapshotAt } = await current(session, streamId, decider);
    const now = clock();
    const decided = decider.decide(command, before, { now, newId });
    if (decided.length === 0) {
      return { before, state: before, decided, appended: [], streamVersion };
    }
    const newEvents: NewEvent[] = decided.map((event) => ({
      id: newId(),
      type: event.type,
      version: decider.versionOf?.(event) ?? 1,
      data: event.data,
      occurredAt: now,
    }));
    const appended = await session.append(
      streamId,
      streamVersion === 0 ? 'no-stream' : streamVersion,
      newEvents,
      options,
    );
    const state = fold(decider, readEvents(decider, appended), before);
    const after = appended.at(-1)?.streamVersion ?? streamVersion;
    if (decider.snapshot && after - snapshotAt >= decider.snapshot.every) {
      await writeSnapshot(
        session.sql,
        store.schema,
        streamId,
        decider.name,
        decider.snapshot.version,
        {
          streamVersion: after,
          state,
        },
      );
    }
    return { before, state, decided, appended, streamVersion: after };
  }

  return {
    handleIn,
    async handle(streamId, decider, command, options = {}) {
      const { maxAttempts = 5, ...appendOptions } = options;
      for (let attempt = 1; ; attempt++) {
        try {
          return await store.transaction((session) =>
            handleIn(session, streamId, decider, command, appendOptions),
          );
        } catch (err) {
          if (!(err instanceof ConcurrencyError) || attempt >= maxAttempts) throw err;
        }
      }
    },
    async loadIn(session, streamId, decider) {
      const { state, streamVersion } = await current(session, streamId, decider);
      return { state, streamVersion };
    },
    async load(streamId, decider) {
      const { state, streamVersion } = await current(
        { sql: store.sql, readStream: store.readStream },
        streamId,
        decider,
      );
      return { state, streamVersion };
    },
  };
}
