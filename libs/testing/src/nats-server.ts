import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { waitFor } from './wait.js';

/** A nats-server of the test's own, for faults a shared server must not suffer (stop/start). */
export interface OwnNatsServer {
  url: string;
  port: number;
  storeDir: string;
  readonly running: boolean;
  /** Starts (again) on the same port and store, so streams and consumers survive. */
  start(): Promise<void>;
  /** `SIGKILL` simulates a crash; the default is a clean shutdown. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the server and deletes its store. */
  dispose(): Promise<void>;
}

export function findNatsServerBinaryOrUndefined(): string | undefined {
  const candidates = [
    process.env.NATS_SERVER_BIN,
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nats-server')),
    '/usr/sbin/nats-server',
    '/usr/local/bin/nats-server',
  ];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

export function findNatsServerBinary(): string {
  const found = findNatsServerBinaryOrUndefined();
  if (!found) {
    throw new Error(
      'nats-server binary not found: install it (apt-get install nats-server) or set NATS_SERVER_BIN',
    );
  }
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface NatsServerOptions {
  /** Server configuration (e.g. an `authorization` block); host, port and JetStream are set. */
  config?: string;
  /** The user the readiness check signs in as, when `config` has users. */
  admin?: { user: string; pass: string };
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<OwnNatsServer> {
  const binary = findNatsServerBinary();
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'mia-nats-'));
  const url = `nats://127.0.0.1:${port}`;
  const configArgs: string[] = [];
  if (options.config) {
    const file = join(storeDir, 'nats-server.conf');
    await writeFile(file, options.config, { mode: 0o600 });
    configArgs.push('-c', file);
  }
  let child: ChildProcess | undefined;
  let output = '';

  const ready = async () => {
    const nc = await connect({ servers: url, reconnect: false, timeout: 1_000, ...options.admin });
    try {
      await (await jetstreamManager(nc)).getAccountInfo();
      return true;
    } finally {
      await nc.close();
    }
  };

  const server: OwnNatsServer = {
    url,
    port,
    storeDir,
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      if (server.running) return;
      output = '';
      const args = [...configArgs, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir];
      const proc = spawn(binary, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child = proc;
      const exited = new Promise<never>((_, reject) =>
        proc.once('exit', () => reject(new Error(`nats-server exited:\n${output}`))),
      );
      exited.catch(() => undefined);
      await Promise.race([
        exited,
        waitFor(ready, { timeoutMs: 15_000, intervalMs: 50, message: `nats-server on ${url}` }),
      ]);
    },
    async stop(signal = 'SIGTERM') {
      const proc = child;
      if (!proc || !server.running) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
    async dispose() {
      await server.stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
