import type { Sql } from '../db/sql.js';
import { assertSchemaName } from '../db/identifiers.js';

/**
 * Serialises appends within one schema until commit. Positions are then assigned in commit
 * order, which is what lets the relay and readers treat `global_position` as a safe cursor:
 * with concurrent appends a lower position could commit after a higher one was already read.
 */
export async function lockAppends(sql: Sql, schema: string): Promise<void> {
  // ::text because some drivers (Prisma) cannot deserialise a `void` column.
  await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))::text AS locked', [
    `${assertSchemaName(schema)}.events`,
  ]);
}

/** NOTIFY channel that wakes the relay of `schema` when events commit. */
export const eventsChannel = (schema: string): string => `${assertSchemaName(schema)}_events`;
