import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Sql, TransactionRunner } from './sql.js';

export interface PgRunnerOptions {
  /**
   * Send every statement as a named prepared statement (named after its text), so PostgreSQL
   * parses and plans it once per connection instead of on every call. Only for code whose SQL
   * texts are a fixed set (values always as parameters): each distinct text stays prepared on
   * every connection of the pool for the connection's life.
   */
  prepare?: boolean;
}

const names = new Map<string, string>();
/** A statement's name: its text's hash, so one text always has one name on any connection. */
const statementName = (text: string): string => {
  let name = names.get(text);
  if (name === undefined) {
    name = `kit-${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
};

const executor = (target: Pool | PoolClient, prepare: boolean): Sql => ({
  async query<T>(text: string, params?: unknown[]) {
    const result = prepare
      ? await target.query({ name: statementName(text), text, values: params })
      : await target.query(text, params);
    return result.rows as T[];
  },
});

/** Transactions on a plain pg pool: BEGIN/COMMIT on one checked-out client. */
export function pgRunner(
  pool: Pool,
  { prepare = false }: PgRunnerOptions = {},
): TransactionRunner<PoolClient> {
  return {
    sql: executor(pool, prepare),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        try {
          const result = await fn({ sql: executor(client, prepare), tx: client });
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            // A connection that cannot roll back must not go back to the pool.
            broken = rollbackError;
          });
          throw err;
        }
      } finally {
        client.release(broken);
      }
    },
  };
}
