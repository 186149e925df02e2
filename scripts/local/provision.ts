import pg from 'pg';

export interface ProvisionOptions {
  /** Superuser (or CREATEDB + CREATEROLE) URL of the maintenance database. */
  adminUrl: string;
  database: string;
  /** Service name -> its role and password; each gets schema `<service>` owned by the role. */
  services: ReadonlyArray<{ name: string; role: string; password: string }>;
  log: (line: string) => void;
}

export interface ProvisionedDatabase {
  /** Admin URL of the provisioned database (for tests and tools, never for services). */
  databaseUrl: string;
  /** Per service: a URL that logs in as the service's own role. */
  serviceUrls: Record<string, string>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const ident = (name: string) => {
  if (!IDENTIFIER.test(name)) throw new Error(`not a safe SQL identifier: ${name}`);
  return `"${name}"`;
};

function withDatabase(url: string, database: string, user?: { name: string; password: string }) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (user) {
    parsed.username = encodeURIComponent(user.name);
    parsed.password = encodeURIComponent(user.password);
  }
  return parsed.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'mia-provision' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const isPermissionError = (err: unknown) => (err as { code?: string }).code === '42501';

/**
 * Creates (idempotently) the database, one login role per service and one schema per service
 * owned by that role, and takes every other access away: a service can use its own schema and
 * nothing else, as in production. Roles are server-wide, so this runs under an advisory lock
 * (test runs provision their own databases in parallel).
 */
export async function provisionDatabase(options: ProvisionOptions): Promise<ProvisionedDatabase> {
  const { adminUrl, database, services, log } = options;
  const databaseUrl = withDatabase(adminUrl, database);
  try {
    await withClient(adminUrl, async (admin) => {
      await admin.query(`SELECT pg_advisory_lock(hashtext('mia:provision'))`);
      try {
        const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
          database,
        ]);
        if (exists.rowCount === 0) {
          await admin.query(`CREATE DATABASE ${ident(database)}`);
          log(`created database ${database}`);
        }
        for (const { role, password } of services) {
          const found = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
          const verb = found.rowCount === 0 ? 'CREATE' : 'ALTER';
          await admin.query(
            `${verb} ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE ` +
              `PASSWORD ${admin.escapeLiteral(password)}`,
          );
        }
      } finally {
        await admin.query(`SELECT pg_advisory_unlock(hashtext('mia:provision'))`);
      }
    });

    await withClient(databaseUrl, async (db) => {
      await db.query(`REVOKE ALL ON DATABASE ${ident(database)} FROM PUBLIC`);
      await db.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
      for (const { name, role } of services) {
        await db.query(`GRANT CONNECT ON DATABASE ${ident(database)} TO ${ident(role)}`);
        await db.query(`CREATE SCHEMA IF NOT EXISTS ${ident(name)} AUTHORIZATION ${ident(role)}`);
        await db.query(`ALTER SCHEMA ${ident(name)} OWNER TO ${ident(role)}`);
        await db.query(`REVOKE ALL ON SCHEMA ${ident(name)} FROM PUBLIC`);
        await db.query(
          `ALTER ROLE ${ident(role)} IN DATABASE ${ident(database)} SET search_path = ${ident(name)}`,
        );
      }
    });
  } catch (err) {
    if (!isPermissionError(err)) throw err;
    // A managed database user without CREATEROLE: every service shares it, schemas still apart.
    log(
      'the database user may not create roles; all services will connect as that user ' +
        `(${(err as Error).message})`,
    );
    await withClient(adminUrl, async (admin) => {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${ident(database)}`);
    });
    return {
      databaseUrl,
      serviceUrls: Object.fromEntries(services.map((s) => [s.name, databaseUrl])),
    };
  }

  return {
    databaseUrl,
    serviceUrls: Object.fromEntries(
      services.map((s) => [
        s.name,
        withDatabase(adminUrl, database, { name: s.role, password: s.password }),
      ]),
    ),
  };
}

/** Drops a database, closing whatever is still connected to it (test runs). */
export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  await withClient(adminUrl, (admin) =>
    admin.query(`DROP DATABASE IF EXISTS ${ident(database)} WITH (FORCE)`),
  );
}
