import type { Pool, PoolClient } from 'pg';
import type { Sql, TransactionRunner } from './sql.js';

const executor = (target: Pool | PoolClient): Sql => ({
  async query<T>(text: string, params?: unknown[]) {
    const result = await target.query(text, params);
    return result.rows as T[];
  },
});

/** Transactions on a plain pg pool: BEGIN/COMMIT on one checked-out client. */
export function pgRunner(pool: Pool): TransactionRunner<PoolClient> {
  return {
    sql: executor(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        try {
          const result = await fn({ sql: executor(client), tx: client });
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
