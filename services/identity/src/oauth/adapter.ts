import type { Sql } from '@mia/service-kit';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';

/**
 * Deletes a grant and everything issued under it (codes, refresh tokens, sessions' links):
 * run by the connections projection in the revocation's own transaction.
 */
export const forgetGrantSql = `DELETE FROM oauth_models
  WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)`;

/** Expired rows removed per authorization started: bounded work, and the table stays small. */
const PURGE_BATCH = 100;

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/**
 * oidc-provider's storage in identity's own schema (one table, the layout of the library's
 * example adapters): every replica sees the same grants, codes and refresh tokens, and they
 * survive restarts. `now` is the wall clock the provider itself uses for lifetimes.
 */
export function postgresAdapter(sql: Sql, now: () => number = Date.now): AdapterConstructor {
  return class PostgresAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(now() + expiresIn * 1000) : null;
      await sql.query(
        `INSERT INTO oauth_models (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload,
           grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid,
           expires_at = excluded.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt,
        ],
      );
      // Every authorization starts with an interaction: a steady, bounded moment to sweep what
      // expired (find never returns it; this only reclaims the space).
      if (this.model === 'Interaction') {
        await sql.query(
          `DELETE FROM oauth_models WHERE ctid IN (
             SELECT ctid FROM oauth_models WHERE expires_at < $1 LIMIT ${PURGE_BATCH})`,
          [new Date(now())],
        );
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.#findBy('id', id);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.#findBy('user_code', userCode);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.#findBy('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await sql.query(`UPDATE oauth_models SET consumed_at = $3 WHERE model = $1 AND id = $2`, [
        this.model,
        id,
        new Date(now()),
      ]);
    }

    async destroy(id: string): Promise<void> {
      await sql.query(`DELETE FROM oauth_models WHERE model = $1 AND id = $2`, [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await sql.query(`DELETE FROM oauth_models WHERE model = $1 AND grant_id = $2`, [
        this.model,
        grantId,
      ]);
    }

    async #findBy(column: 'id' | 'user_code' | 'uid', value: string) {
      const [row] = await sql.query<Row>(
        `SELECT payload, consumed_at FROM oauth_models
          WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > $3)`,
        [this.model, value, new Date(now())],
      );
      if (!row) return undefined;
      // The provider tells a used code or refresh token (reuse detection) by this field.
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : row.payload;
    }
  };
}
