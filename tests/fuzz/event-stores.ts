import pg from 'pg';

/** The services whose schemas hold an event store (`<service>.events`). */
const STORES = ['identity', 'billing', 'access', 'support'] as const;

/**
 * Read-only look at every service's event store on the test database: which events a request
 * caused. The fuzzer sends its own X-Correlation-Id, which the gateway passes on and the kit
 * writes into each appended event's metadata, so a request's writes are found by that id
 * whenever they land (no timing involved) and an earlier request's consequences never count.
 */
export interface EventStores {
  /** `service: type` of every event appended under this correlation id. */
  writtenBy(correlationId: string): Promise<string[]>;
  close(): Promise<void>;
}

export function eventStores(databaseUrl: string): EventStores {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    // Looking only: the connection refuses any write.
    options: '-c default_transaction_read_only=on',
  });
  const union = STORES.map(
    (s) => `SELECT '${s}' AS store, type FROM ${s}.events WHERE metadata->>'correlationId' = $1`,
  ).join(' UNION ALL ');
  return {
    async writtenBy(correlationId) {
      const { rows } = await pool.query<{ store: string; type: string }>(union, [correlationId]);
      return rows.map((r) => `${r.store}: ${r.type}`);
    },
    close: () => pool.end(),
  };
}
