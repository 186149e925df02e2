/** The minimal SQL executor the kit needs; both plain pg and Prisma transactions provide it. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** What a unit of work receives: an executor bound to the transaction, and the driver's own handle. */
export interface TxContext<Tx = unknown> {
  sql: Sql;
  tx: Tx;
}

/**
 * Runs work in one database transaction. Services pass a Prisma runner so their projections
 * (written with Prisma) commit together with the kit's event store rows; kit tests use pg.
 */
export interface TransactionRunner<Tx = unknown> {
  /** Executor outside any transaction (autocommit). */
  sql: Sql;
  transaction<T>(fn: (ctx: TxContext<Tx>) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

export interface TransactionOptions {
  /**
   * How long the transaction may run before the runner gives up and rolls it back, for the odd
   * long job (a projection rebuild) on a runner whose default suits requests. A plain pg
   * transaction has no limit of its own, so pgRunner ignores it.
   */
  timeoutMs?: number;
}
