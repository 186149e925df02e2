import { qualified } from '@mia/service-kit';
import type pg from 'pg';
import { entitlementsStreamId } from '../entitlements/entitlement-events.js';

export interface CodeOwner {
  userId: string;
  /** The version of the owner's entitlements stream as this read saw it (0: no stream). */
  entitlementsVersion: number;
}

/** A code's owner by its lookup hash (CodeVault.hash) and where their entitlements stand. */
export type CodeOwnerWithEntitlements = (codeHash: string) => Promise<CodeOwner | null>;

/**
 * The verification call's first read, one named prepared statement on plain pg: the code's
 * owner and the head of their entitlements stream (an index-only probe), so the grants cache
 * (grants-cache.ts) answers without a second round trip when nothing changed since its fold.
 * Every database round trip costs this call more CPU than the query itself (issue 22).
 */
export function codeOwnerWithEntitlements(
  pool: pg.Pool,
  schema: string,
): CodeOwnerWithEntitlements {
  const name = `access-code-owner-entitlements-${schema}`;
  const text = `
    SELECT c.user_id::text AS user_id,
           coalesce((SELECT max(e.version) FROM ${qualified(schema, 'events')} e
                     WHERE e.stream_id = $2 || c.user_id::text), 0)::int AS version
    FROM ${qualified(schema, 'access_codes')} c WHERE c.code_hash = $1`;
  const prefix = entitlementsStreamId('');
  return async (codeHash) => {
    const { rows } = await pool.query<{ user_id: string; version: number }>({
      name,
      text,
      values: [codeHash, prefix],
    });
    const row = rows[0];
    return row ? { userId: row.user_id, entitlementsVersion: row.version } : null;
  };
}
