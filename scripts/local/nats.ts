import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import type { NatsTopology } from '@mia/service-kit';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import { startProcess } from './managed-process.js';
import { REPO_ROOT } from './paths.js';
import { portOrFree, waitForPort } from './ports.js';

/** Passwords by NATS user (`admin`, `identity`...); none for an anonymous server. */
export type NatsPasswords = Readonly<Record<string, string>>;

export interface NatsServer {
  readonly url: string;
  readonly source: 'NATS_URL' | 'local server' | 'nats-server';
  /** The users' passwords the services and provisioning sign in with. */
  readonly passwords: NatsPasswords;
  stop(): Promise<void>;
}

export interface FindNatsOptions {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  onServerLine?: (line: string) => void;
  /** The subject prefix the started server's permissions are written for (default `mia.`). */
  prefix?: string;
  /** Default deploy/nats/topology.json. */
  topology?: NatsTopology;
}

// The kit is loaded when needed: `npm start` builds it (dist) after importing this module.
const kit = () => import('@mia/service-kit');

export const readTopology = async (): Promise<NatsTopology> =>
  (await kit()).parseNatsTopology(
    JSON.parse(readFileSync(join(REPO_ROOT, 'deploy', 'nats', 'topology.json'), 'utf8')),
  );

const ADMIN = 'admin';
const usersOf = (topology: NatsTopology) => [ADMIN, ...topology.services.map((s) => s.name)];

/** Passwords given in the environment as deployments name them (`BILLING_NATS_PASSWORD`). */
async function passwordsFrom(
  env: NodeJS.ProcessEnv,
  topology: NatsTopology,
): Promise<NatsPasswords> {
  const { natsPasswordVariable } = await kit();
  const found: Record<string, string> = {};
  for (const user of usersOf(topology)) {
    const password = env[natsPasswordVariable(user)];
    if (password) found[user] = password;
  }
  return found;
}

const STANDARD_PORT = 4222;

/** The server's INFO greeting: every NATS server sends it first, JetStream says so in it. */
export function natsInfo(
  host: string,
  port: number,
  timeoutMs = 2_000,
): Promise<{ jetstream?: boolean; auth_required?: boolean } | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let buffer = '';
    const done = (info: { jetstream?: boolean; auth_required?: boolean } | undefined) => {
      socket.destroy();
      resolve(info);
    };
    socket.setTimeout(timeoutMs, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n');
      if (end === -1) return;
      const line = buffer.slice(0, end);
      if (!line.startsWith('INFO ')) return done(undefined);
      try {
        done(JSON.parse(line.slice(5)) as { jetstream?: boolean });
      } catch {
        done(undefined);
      }
    });
  });
}

export function findNatsBinary(env: NodeJS.ProcessEnv): string | undefined {
  const dirs = [
    ...(env.PATH ?? '').split(delimiter),
    '/usr/sbin',
    '/usr/local/sbin',
    '/usr/local/bin',
    '/opt/homebrew/bin',
  ];
  const candidates = [
    env.NATS_SERVER_BIN,
    ...dirs.filter(Boolean).map((d) => join(d, 'nats-server')),
  ];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

export const HOW_TO_GET_NATS =
  'No NATS server with JetStream found. Any of these works:\n' +
  '  - Debian/Ubuntu: sudo apt-get install -y nats-server   (npm start then runs it itself)\n' +
  '  - macOS: brew install nats-server                     (npm start then runs it itself)\n' +
  '  - Docker: docker compose up -d nats\n' +
  '           or docker run -d -p 4222:4222 nats:2.10 -js\n' +
  '  - an existing server: NATS_URL=nats://host:4222 npm start';

/**
 * Starts nats-server with the deployments' users (deploy/nats/topology.json): fresh passwords
 * each start, in a configuration file only this user can read.
 */
export async function launchNats(binary: string, options: FindNatsOptions): Promise<NatsServer> {
  const storeDir = join(options.dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const { natsAuthorization } = await kit();
  const topology = options.topology ?? (await readTopology());
  const passwords = Object.fromEntries(
    usersOf(topology).map((user) => [user, randomBytes(18).toString('hex')]),
  );
  const configFile = join(storeDir, 'nats-server.conf');
  writeFileSync(
    configFile,
    natsAuthorization(topology, {
      prefix: options.prefix ?? 'mia.',
      password: (user) => JSON.stringify(passwords[user]),
    }),
    { mode: 0o600 },
  );
  const port = await portOrFree(STANDARD_PORT);
  const server = startProcess(
    'nats',
    binary,
    ['-c', configFile, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
    { onLine: options.onServerLine },
  );
  try {
    await Promise.race([
      waitForPort(port, '127.0.0.1', 15_000),
      server.exited.then(() => {
        throw new Error(`nats-server exited:\n${server.recentOutput()}`);
      }),
    ]);
  } catch (err) {
    await server.stop('SIGKILL');
    throw err;
  }
  options.log(
    `nats-server started on port ${port} with JetStream (store in ${storeDir}) and a user per service`,
  );
  return {
    url: `nats://127.0.0.1:${port}`,
    source: 'nats-server',
    passwords,
    stop: () => server.stop(),
  };
}

/**
 * NATS in this order: NATS_URL; a JetStream server on 127.0.0.1:4222; the `nats-server`
 * binary started with JetStream and its store in .data/nats; else a message on how to get one.
 */
export async function findOrStartNats(options: FindNatsOptions): Promise<NatsServer> {
  const topology = options.topology ?? (await readTopology());
  const given = await passwordsFrom(options.env, topology);
  const configured = options.env.NATS_URL;
  if (configured) {
    return { url: configured, source: 'NATS_URL', passwords: given, stop: async () => undefined };
  }

  const local = await natsInfo('127.0.0.1', STANDARD_PORT);
  if (local?.jetstream) {
    if (!local.auth_required) {
      options.log(
        'WARNING: the NATS server on 127.0.0.1:4222 lets anyone in (no users): any process on ' +
          'this machine can publish events such as PaymentSucceeded. Stop it to let npm start ' +
          'run its own with a user per service, or set NATS_URL.',
      );
    }
    return {
      url: `nats://127.0.0.1:${STANDARD_PORT}`,
      source: 'local server',
      passwords: given,
      stop: async () => undefined,
    };
  }
  if (local) options.log('the NATS server on port 4222 has no JetStream; starting our own');

  const binary = findNatsBinary(options.env);
  if (!binary) throw new Error(HOW_TO_GET_NATS);
  return launchNats(binary, options);
}

/** The provisioning step (streams and every service's durables), as the admin user if any. */
export async function provisionLocalNats(
  nats: Pick<NatsServer, 'url' | 'passwords'>,
  prefix: string,
  topology?: NatsTopology,
): Promise<void> {
  const { provisionNats } = await kit();
  const admin = nats.passwords[ADMIN];
  const nc = await connectNats({
    servers: nats.url,
    ...(admin ? { user: ADMIN, pass: admin } : {}),
  });
  try {
    const { services } = topology ?? (await readTopology());
    await provisionNats(nc, await jetstreamManager(nc), prefix, { services });
  } finally {
    await nc.close();
  }
}
