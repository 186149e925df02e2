import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, randomSuffix, type TestDatabase } from '@mia/testing';
import { repoPath } from './support/repo.js';

const run = promisify(execFile);
const SCRIPT = repoPath('deploy/postgres/init/10-service-schemas.sh');

// The compose init script, run as the postgres image runs it, against a scratch database with
// two made-up services (roles are cluster-wide: real names could clash with a local setup).
describe('compose PostgreSQL init script', () => {
  const suffix = randomSuffix(4);
  const [a, b] = [`t${suffix}a`, `t${suffix}b`];
  let db: TestDatabase;

  const connectAs = async (role: string) => {
    const url = new URL(db.url);
    url.username = role;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  };

  const admin = async <T>(fn: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const url = new URL(db.url);
    await run(SCRIPT, [], {
      env: {
        ...process.env,
        PGHOST: url.hostname,
        PGPORT: url.port || '5432',
        PGPASSWORD: decodeURIComponent(url.password),
        POSTGRES_USER: decodeURIComponent(url.username),
        POSTGRES_DB: db.name,
        MIA_SERVICES: `${a} ${b}`,
        [`${a.toUpperCase()}_DB_PASSWORD`]: "it's-a-secret",
        [`${b.toUpperCase()}_DB_PASSWORD`]: 'another',
      },
    });
  });

  afterAll(async () => {
    if (!db) return;
    await db.drop();
    const client = new pg.Client({ connectionString: db.adminUrl });
    await client.connect();
    try {
      await client.query(`DROP ROLE IF EXISTS mia_${a}`);
      await client.query(`DROP ROLE IF EXISTS mia_${b}`);
    } finally {
      await client.end();
    }
  });

  it('gives each service a login role with its password and a schema it owns', async () => {
    const rows = await admin(async (client) => {
      const result = await client.query<{ schema: string; owner: string; password: boolean }>(
        `SELECT n.nspname AS schema, r.rolname AS owner, r.rolpassword IS NOT NULL AS password
           FROM pg_namespace n JOIN pg_authid r ON r.oid = n.nspowner
          WHERE n.nspname = ANY($1) ORDER BY 1`,
        [[a, b]],
      );
      return result.rows;
    });
    expect(rows).toEqual([
      { schema: a, owner: `mia_${a}`, password: true },
      { schema: b, owner: `mia_${b}`, password: true },
    ]);
  });

  it('lets a role work in its own schema only', async () => {
    const client = await connectAs(`mia_${a}`);
    try {
      // search_path is the role's own schema: unqualified names land there.
      await client.query('CREATE TABLE things (id int)');
      await client.query(`INSERT INTO ${a}.things VALUES (1)`);
      await expect(client.query(`CREATE TABLE ${b}.intruder (id int)`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(client.query('CREATE TABLE public.intruder (id int)')).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await client.end();
    }
    const other = await connectAs(`mia_${b}`);
    try {
      await expect(other.query(`SELECT * FROM ${a}.things`)).rejects.toThrow(/permission denied/);
    } finally {
      await other.end();
    }
  });
});
