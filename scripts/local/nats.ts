import { existsSync, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { startProcess } from './managed-process.js';
import { portOrFree, waitForPort } from './ports.js';

export interface NatsServer {
  readonly url: string;
  readonly source: 'NATS_URL' | 'local server' | 'nats-server';
  stop(): Promise<void>;
}

export interface FindNatsOptions {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  onServerLine?: (line: string) => void;
}

const STANDARD_PORT = 4222;

/** The server's INFO greeting: every NATS server sends it first, JetStream says so in it. */
export function natsInfo(
  host: string,
  port: number,
  timeoutMs = 2_000,
): Promise<{ jetstream?: boolean } | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let buffer = '';
    const done = (info: { jetstream?: boolean } | undefined) => {
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

export async function launchNats(binary: string, options: FindNatsOptions): Promise<NatsServer> {
  const storeDir = join(options.dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const port = await portOrFree(STANDARD_PORT);
  const server = startProcess(
    'nats',
    binary,
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
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
  options.log(`nats-server started on port ${port} with JetStream (store in ${storeDir})`);
  return { url: `nats://127.0.0.1:${port}`, source: 'nats-server', stop: () => server.stop() };
}

/**
 * NATS in this order: NATS_URL; a JetStream server on 127.0.0.1:4222; the `nats-server`
 * binary started with JetStream and its store in .data/nats; else a message on how to get one.
 */
export async function findOrStartNats(options: FindNatsOptions): Promise<NatsServer> {
  const configured = options.env.NATS_URL;
  if (configured) return { url: configured, source: 'NATS_URL', stop: async () => undefined };

  const local = await natsInfo('127.0.0.1', STANDARD_PORT);
  if (local?.jetstream) {
    return {
      url: `nats://127.0.0.1:${STANDARD_PORT}`,
      source: 'local server',
      stop: async () => undefined,
    };
  }
  if (local) options.log('the NATS server on port 4222 has no JetStream; starting our own');

  const binary = findNatsBinary(options.env);
  if (!binary) throw new Error(HOW_TO_GET_NATS);
  return launchNats(binary, options);
}
