import { createTestDatabase, type TestDatabase } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate.js';
import { pgRunner } from '../db/pg-runner.js';
import { createLogger } from '../logger.js';
import { openField, personKeys, PersonalDataError, sealField, ERASED } from './personal-data.js';

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations({
    url: db.url,
    schema: 'keys',
    dirs: [],
    logger: createLogger('person-keys-test', 'silent'),
  });
  const url = new URL(db.url);
  url.searchParams.set('options', '-c search_path=keys');
  pool = new pg.Pool({ connectionString: url.toString(), max: 8 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('person keys', () => {
  it('makes one key per subject, however many first writes race', async () => {
    const runner = pgRunner(pool);
    const subject = 'subject-race';
    const keys = await Promise.all(
      Array.from({ length: 8 }, () =>
        runner.transaction(({ sql }) => personKeys.ensure(sql, subject)),
      ),
    );
    expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(1);
    expect(await personKeys.get(runner.sql, subject)).toEqual({ state: 'live', key: keys[0] });
  });

  it('destroys a key for good: sealed values read as erased, and no new key can be made', async () => {
    const { sql } = pgRunner(pool);
    const subject = 'subject-erased';
    const sealed = sealField(await personKeys.ensure(sql, subject), subject, 'ana@example.org');
    const at = new Date('2026-12-01T10:00:00Z');
    expect(await personKeys.destroy(sql, subject, at)).toBe(true);
    expect(await personKeys.destroy(sql, subject, new Date())).toBe(false);
    expect(await personKeys.get(sql, subject)).toEqual({ state: 'erased', erasedAt: at });
    const [row] = await sql.query<{ data_key: Buffer | null }>(
      'SELECT data_key FROM person_keys WHERE subject_id = $1',
      [subject],
    );
    expect(row?.data_key).toBeNull();
    const found = (await personKeys.many(sql, [subject])).get(subject) ?? null;
    expect(openField(found, subject, sealed)).toBe(ERASED);
    await expect(personKeys.ensure(sql, subject)).rejects.toThrow(PersonalDataError);
  });

  it('erasing a subject never seen still blocks a later key', async () => {
    const { sql } = pgRunner(pool);
    expect(await personKeys.destroy(sql, 'subject-unknown', new Date())).toBe(true);
    await expect(personKeys.ensure(sql, 'subject-unknown')).rejects.toThrow(PersonalDataError);
    expect((await personKeys.many(sql, ['subject-unknown', 'nobody'])).size).toBe(1);
  });
});
