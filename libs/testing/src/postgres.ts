import pg from 'pg';
import { startContainer } from './containers.js';
import { randomSuffix } from './random.js';

export interface TestDatabase {
  /** URL of the new, empty database. */
  url: string;
  /** URL of the server's maintenance database the test database was created from. */
  adminUrl: string;
  name: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
let server: Promise<string> | undefined;

/** Whether a PostgreSQL server answers a query at this URL within the timeout. */
export async function reachable(url: string, timeoutMs = 3_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function findServer(): Promise<string> {
  const configured = process.env.DATABASE_URL || LOCAL_URL;
  if (await reachable(configured)) return configured;
  try {
    const { host, port } = await startContainer('postgres:16-alpine', 5432, {
      env: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
      readyLog: /database system is ready to accept connections/,
      readyTimes: 2,
    });
    return `postgres://postgres@${host}:${port}/postgres`;
  } catch (err) {
    throw new Error(
      `No PostgreSQL for integration tests: ${configured} does not answer and no Docker ` +
        'engine is available for a test container. Start PostgreSQL ' +
        '(pg_ctlcluster <version> main start) or set DATABASE_URL.',
      { cause: err },
    );
  }
}

/** A fresh database with a unique name on the test server; isolates one test file or suite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  server ??= findServer();
  const adminUrl = await server.catch((err: unknown) => {
    server = undefined;
    throw err;
  });
  const name = `mia_t_${randomSuffix()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    adminUrl,
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
