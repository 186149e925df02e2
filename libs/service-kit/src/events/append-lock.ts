import type { Sql } from '../db/sql.js';
import { assertSchemaName } from '../db/identifiers.js';

const lockKey = (schema: string) => `${assertSchemaName(schema)}.events`;

/**
 * Taken (shared) by every append until commit. Appends do not wait for each other: the store's
 * order comes from transaction ids (ADR 0014). The lock only lets a replay shut appends out
 * (see excludeAppends), so a rebuild reads a store that nothing is writing to.
 * `::text` because some drivers (Prisma) cannot deserialise a `void` column.
 */
export async function lockAppends(sql: Sql, schema: string): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))::text AS locked', [
    lockKey(schema),
  ]);
}

/** The SQL expression that takes the shared append lock, for folding into a query. */
export const SHARED_APPEND_LOCK = (param: string) =>
  `pg_advisory_xact_lock_shared(hashtext(${param}))::text`;
export const appendLockKey = lockKey;

/** Waits for appends in flight to commit and holds new ones back until this transaction ends. */
export async function excludeAppends(sql: Sql, schema: string): Promise<void> {
  await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))::text AS locked', [lockKey(schema)]);
}

/** NOTIFY channel that wakes the relay of `schema` when events commit. */
export const eventsChannel = (schema: string): string => `${assertSchemaName(schema)}_events`;
