import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql.js';

// Crypto-shredding (issue 27): a person's personal fields (name, e-mail, texts they wrote) are
// stored sealed under a data key of their own, in each service's `person_keys` table. Erasure
// destroys the key: every event, projection row and backup that holds the sealed value reads as
// erased from then on, without rewriting an immutable event store.

/** What an erased person's field reads as. */
export const ERASED = '[erased]';

const PREFIX = 'pii1.';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class PersonalDataError extends Error {
  override readonly name = 'PersonalDataError';
}

/** Whether a stored value is a sealed personal field (rather than text stored in clear). */
export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

/**
 * Seals one field under the subject's key: AES-256-GCM, a fresh IV per value, the subject id as
 * associated data (a value copied onto another person's record does not open).
 */
export function sealField(key: Buffer, subjectId: string, plaintext: string): string {
  if (key.length !== KEY_BYTES) throw new PersonalDataError('a data key is 32 bytes');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subjectId, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/**
 * Opens a sealed field; `key` null (the person was erased) reads as ERASED. A value that is not
 * sealed is returned as it is (data written before sealing). A value that fails to open throws:
 * it was altered or belongs to someone else, which is a fault, not an erasure.
 */
export function openField(key: Buffer | null, subjectId: string, value: string): string {
  if (!isSealed(value)) return value;
  if (key === null) return ERASED;
  const raw = Buffer.from(value.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new PersonalDataError('sealed field too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(subjectId, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new PersonalDataError('sealed field does not open with this subject key');
  }
}

/** A subject's key as the store holds it: live, erased, or never made. */
export type SubjectKey =
  { state: 'live'; key: Buffer } | { state: 'erased'; erasedAt: Date } | { state: 'none' };

/**
 * The service's `person_keys` table (kit migration), through the caller's executor, so a key is
 * made in the same transaction as the first record sealed under it.
 */
export const personKeys = {
  /** The subject's key, making one if there is none. Refuses an erased subject. */
  async ensure(sql: Sql, subjectId: string): Promise<Buffer> {
    // Concurrent first writes for one subject: one insert wins, every caller reads the winner.
    await sql.query(
      `INSERT INTO person_keys (subject_id, data_key) VALUES ($1, $2)
       ON CONFLICT (subject_id) DO NOTHING`,
      [subjectId, randomBytes(KEY_BYTES)],
    );
    const found = await personKeys.get(sql, subjectId);
    if (found.state !== 'live') {
      throw new PersonalDataError('this person was erased: nothing may be stored about them');
    }
    return found.key;
  },

  async get(sql: Sql, subjectId: string): Promise<SubjectKey> {
    const [row] = await sql.query<{ data_key: Buffer | null; erased_at: Date | null }>(
      'SELECT data_key, erased_at FROM person_keys WHERE subject_id = $1',
      [subjectId],
    );
    if (!row) return { state: 'none' };
    if (row.data_key === null) return { state: 'erased', erasedAt: row.erased_at ?? new Date(0) };
    return { state: 'live', key: row.data_key };
  },

  /** Several subjects' keys at once (a projection rebuild, a list page): erased ones are null. */
  async many(sql: Sql, subjectIds: readonly string[]): Promise<Map<string, Buffer | null>> {
    if (subjectIds.length === 0) return new Map();
    const rows = await sql.query<{ subject_id: string; data_key: Buffer | null }>(
      'SELECT subject_id, data_key FROM person_keys WHERE subject_id = ANY($1::text[])',
      [[...new Set(subjectIds)]],
    );
    return new Map(rows.map((r) => [r.subject_id, r.data_key]));
  },

  /**
   * Destroys the key (idempotent). The row stays, without its bytes, so the subject can never
   * be given a new key. Answers whether this call erased it.
   */
  async destroy(sql: Sql, subjectId: string, at: Date): Promise<boolean> {
    const rows = await sql.query(
      `INSERT INTO person_keys (subject_id, data_key, erased_at) VALUES ($1, NULL, $2)
       ON CONFLICT (subject_id) DO UPDATE SET data_key = NULL, erased_at = $2
         WHERE person_keys.erased_at IS NULL
       RETURNING subject_id`,
      [subjectId, at],
    );
    return rows.length > 0;
  },
};
