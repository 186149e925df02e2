import { qualified } from '@mia/service-kit';
import type pg from 'pg';
import { Prisma, type User } from '../generated/prisma/client.js';

/** A session row and its user's row, as GET /api/user needs them. */
export interface SessionRows {
  session: { id: string; userId: string; startedAt: Date; expiresAt: Date; endedAt: Date | null };
  user: User;
}

// Every column of the user model, whatever it gains later: the user view is built from the same
// object Prisma would return, so a field added to the model (and its migration) reaches the
// answer with no change here. Column names follow the schema's convention (`@map` in
// snake_case); session-read.int.test.ts compares the result with Prisma's own read.
const userFields = Object.values(Prisma.UserScalarFieldEnum) as (keyof User)[];
const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

// Named, so each connection plans it once. The columns are listed (not `u.*`): a prepared
// statement whose result shape changes under it (a migration adding a column while this version
// still runs) fails with "cached plan must not change result type".
const statement = (schema: string) => `
  SELECT s.user_id, s.started_at, s.expires_at, s.ended_at,
         ${userFields.map((f) => `u."${columnOf(f)}"`).join(', ')}
  FROM ${qualified(schema, 'sessions')} s
  JOIN ${qualified(schema, 'users')} u ON u.id = s.user_id
  WHERE s.id = $1`;

const SESSION_COLUMNS = 4;

/**
 * GET /api/user is on every page load: the session and its user are read in one round trip on
 * the pool, without the ORM's query building or a transaction. Null when the session does not
 * exist (or its user does not).
 */
export function sessionReader(pool: pg.Pool, schema: string) {
  const text = statement(schema);
  const name = `identity-session-user-${schema}`;
  return async (sessionId: string): Promise<SessionRows | null> => {
    const { rows } = await pool.query<unknown[]>({
      name,
      text,
      values: [sessionId],
      rowMode: 'array',
    });
    const row = rows[0];
    if (!row) return null;
    const user: Record<string, unknown> = {};
    userFields.forEach((field, i) => {
      user[field] = row[SESSION_COLUMNS + i];
    });
    return {
      session: {
        id: sessionId,
        userId: row[0] as string,
        startedAt: row[1] as Date,
        expiresAt: row[2] as Date,
        endedAt: row[3] as Date | null,
      },
      user: user as unknown as User,
    };
  };
}

export type SessionReader = ReturnType<typeof sessionReader>;
