/** Ids that follow an event across services (see context.ts). */
export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  requestId: string;
  /**
   * W3C traceparent of the append's span, when tracing was on: the relay publishes (and other
   * services react) long after, yet still as children of the work that appended.
   */
  traceparent?: string;
}

/** An event as recorded in a service's event store. */
export interface StoredEvent<TData = unknown> {
  id: string;
  type: string;
  /** Version of the event's schema (`UserRegistered` v1, v2...). */
  version: number;
  streamId: string;
  /** 1-based position of the event within its stream. */
  streamVersion: number;
  /**
   * Sequence number in the service's whole store, unique, taken at insert: it orders events
   * within one transaction, but across transactions it is not commit order (see StoreCursor).
   */
  globalPosition: number;
  /** The appending transaction's id (`xid8`, as text); with globalPosition, the store order. */
  transactionId: string;
  occurredAt: string;
  data: TData;
  metadata: EventMetadata;
}

/**
 * A place in the store's commit order: events sort by transaction id, then global position.
 * Readers that move a cursor (relay, replay, readAll) only read below the oldest running
 * transaction, so nothing can later commit behind a cursor (ADR 0014).
 */
export interface StoreCursor {
  transactionId: string;
  globalPosition: number;
}

/** An event about to be appended. */
export interface NewEvent<TData = unknown> {
  type: string;
  /** Schema version; defaults to 1. */
  version?: number;
  data: TData;
  /** Supply an id to make the append idempotent across retries; random otherwise. */
  id?: string;
  occurredAt?: Date;
}

/**
 * What the appender believes the stream's version is: the number of events it has read
 * (`'no-stream'` = none), or `'any'` to skip the check.
 */
export type ExpectedVersion = number | 'no-stream' | 'any';

export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | undefined,
  ) {
    super(
      `Stream ${streamId} changed concurrently: expected version ${String(expected)}` +
        (actual === undefined ? '' : `, found ${actual}`),
    );
  }
}
