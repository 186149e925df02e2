import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, randomSuffix, type TestDatabase } from '@mia/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { runMigrations } from './migrate.js';
import { checkPostgres, createPool } from './pool.js';

const logger = createLogger('migrate-test', 'silent');
let db: TestDatabase;
let serviceDir: string;
const tempDirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mia-migrations-'));
  tempDirs.push(dir);
  return dir;
};

const query = async (url: string, text: string, params: unknown[] = []) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  db = await createTestDatabase();
  serviceDir = await tempDir();
  await writeFile(
    join(serviceDir, '20261121000100_things.sql'),
    '-- migrate:up\nCREATE TABLE things (id int PRIMARY KEY);\n-- migrate:down\nDROP TABLE things;\n',
  );
});
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  await db?.drop();
});

describe('runMigrations', () => {
  it('creates the schema and applies kit then service migrations, once', async () => {
    const run = () => runMigrations({ url: db.url, schema: 'svc', dirs: [serviceDir], logger });
    // Replicas starting together: the advisory lock serialises them.
    await Promise.all([run(), run()]);
    await run();
    const tables = await query(
      db.url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'svc' ORDER BY 1",
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      'events',
      'inbox',
      'mail_queue',
      'parked_events',
      'person_keys',
      'relay_position',
      'schema_migrations',
      'snapshots',
      'stream_positions',
      'things',
    ]);
    const versions = await query(db.url, 'SELECT version FROM svc.schema_migrations ORDER BY 1');
    expect(versions.map((v) => v.version)).toEqual([
      '20260101000000',
      '20261121000100',
      '20261123000000',
      '20261125000000',
      '20261125221400',
      '20261230000000',
    ]);
    expect(await query(db.url, "SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
  });

  it('reports a failing migration with its schema', async () => {
    const broken = await tempDir();
    await writeFile(
      join(broken, '20261121000200_bad.sql'),
      '-- migrate:up\nSELEC 1;\n-- migrate:down\n',
    );
    await expect(
      runMigrations({ url: db.url, schema: 'broken', dirs: [broken], logger }),
    ).rejects.toThrow(/schema broken.*syntax error/s);
  });

  it('tolerates a role that may not create schemas when its schema exists', async () => {
    const role = `mia_t_role_${randomSuffix()}`;
    await query(db.adminUrl, `CREATE ROLE ${role} LOGIN`);
    try {
      await query(db.url, `CREATE SCHEMA owned AUTHORIZATION ${role}`);
      const url = new URL(db.url);
      url.username = role;
      await runMigrations({ url: url.toString(), schema: 'owned', dirs: [], logger });
      const rows = await query(
        db.url,
        "SELECT 1 FROM pg_tables WHERE schemaname = 'owned' AND tablename = 'events'",
      );
      expect(rows).toHaveLength(1);
      await expect(
        runMigrations({ url: url.toString(), schema: 'not_there', dirs: [], logger }),
      ).rejects.toThrow(/permission denied/);
    } finally {
      await query(db.url, `DROP OWNED BY ${role}`);
      await query(db.adminUrl, `DROP ROLE ${role}`);
    }
  });
});

describe('createPool', () => {
  it('puts unqualified names in the service schema and answers readiness', async () => {
    await runMigrations({ url: db.url, schema: 'svc', dirs: [serviceDir], logger });
    const pool = createPool({ url: db.url, schema: 'svc', applicationName: 'pool-test' });
    try {
      await pool.query('INSERT INTO things (id) VALUES (1)');
      expect(await query(db.url, 'SELECT id FROM svc.things')).toEqual([{ id: 1 }]);
      expect(await checkPostgres(pool)).toBe(true);
    } finally {
      await pool.end();
    }
    const nowhere = createPool({
      url: 'postgres://postgres@127.0.0.1:1/postgres',
      schema: 'svc',
      applicationName: 'pool-test',
    });
    expect(await checkPostgres(nowhere, 500)).toBe(false);
    await nowhere.end();
  });
});
