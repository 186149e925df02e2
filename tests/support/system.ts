import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteStreamsUnder, randomSuffix } from '@mia/testing';
import { fileOutput } from '../../scripts/local/output.js';
import { dataDir, REPO_ROOT } from '../../scripts/local/paths.js';
import { dropDatabase } from '../../scripts/local/provision.js';
import type { ServiceName } from '../../scripts/local/services.js';
import { startLocalSystem } from '../../scripts/local/system.js';

export interface StartSystemOptions {
  /** Extra environment for every process (e.g. a fake Stripe host). */
  env?: Record<string, string>;
  logLevel?: string;
  /** Keep the temp folder (logs, mails) after stop(); also kept when MIA_KEEP_SYSTEM_LOGS is set. */
  keepFiles?: boolean;
}

export interface TestSystem {
  /** The gateway, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** Folder where the services write the mails they would send. */
  mailDir: string;
  /** The Stripe sandbox's own URL (its control endpoints: clock, webhooks), when it runs. */
  sandboxUrl: string | undefined;
  /** The sandbox's secret key of this run (`Authorization: Bearer` on its control endpoints). */
  sandboxSecretKey: string | undefined;
  /** Admin URL of this run's own database. */
  databaseUrl: string;
  natsUrl: string;
  /** This run's own NATS subject prefix (`sys<random>.`). */
  natsPrefix: string;
  /** Every process's output, tagged by process. */
  logFile: string;
  /** Stops one service (e.g. to see the gateway's answer without it). */
  stopService(name: ServiceName): Promise<void>;
  /** The services' processes: `identity`, and `identity-2`... with REPLICAS_IDENTITY. */
  processes: readonly string[];
  /** SIGTERM one process, wait for its exit, start it again and wait until it is ready. */
  restartService(key: string): Promise<void>;
  /** Stops everything, drops the database and deletes the run's NATS streams. */
  stop(): Promise<void>;
}

/**
 * The whole system started as `npm start` starts it (same scripts/local code), isolated for one
 * test file: its own database, NATS prefix, ports, mail folder, MIA_ENV=test. Builds what is
 * missing (`tsc -b` runs before the system tests in `npm test`), the web app when stale; a
 * service that still cannot start fails the start.
 */
export async function startSystem(options: StartSystemOptions = {}): Promise<TestSystem> {
  const suffix = randomSuffix();
  const dir = await mkdtemp(join(tmpdir(), 'mia-system-'));
  const logFile = join(dir, 'system.log');
  const output = fileOutput(logFile);
  const database = `mia_sys_${suffix}`;
  const natsPrefix = `sys${suffix}.`;

  let system;
  try {
    system = await startLocalSystem({
      root: REPO_ROOT,
      dataDir: dataDir(REPO_ROOT),
      output,
      port: 0,
      host: '127.0.0.1',
      database,
      natsPrefix,
      mailDir: join(dir, 'mail'),
      miaEnv: 'test',
      logLevel: options.logLevel ?? 'info',
      compile: 'if-missing',
      // No drain on SIGTERM unless a test asks for one (the rolling restart does): a stopped test
      // system has no gateway left to route around it, and each drain costs 3 s per stop.
      env: { ...process.env, SHUTDOWN_DRAIN_MS: '0', ...options.env },
    });
  } catch (err) {
    await output.close();
    const log = existsSync(logFile) ? await readFile(logFile, 'utf8') : '';
    throw new Error(`The system did not start (log: ${logFile}):\n${log.slice(-6_000)}`, {
      cause: err,
    });
  }

  const started = system;
  const maintenanceUrl = new URL(started.databaseUrl);
  maintenanceUrl.pathname = '/postgres';
  return {
    baseUrl: started.baseUrl,
    mailDir: started.mailDir,
    sandboxUrl: started.sandboxUrl,
    sandboxSecretKey: started.sandboxSecretKey,
    databaseUrl: started.databaseUrl,
    natsUrl: started.natsUrl,
    natsPrefix,
    logFile,
    async stopService(name) {
      await started.services.get(name)?.process.stop();
    },
    processes: [...started.services.keys()].filter((key) => key !== 'gateway'),
    restartService: (key) => started.restartService(key),
    async stop() {
      await started.stop();
      await output.close();
      await dropDatabase(maintenanceUrl.toString(), database).catch(() => undefined);
      await deleteStreamsUnder(started.natsUrl, natsPrefix).catch(() => undefined);
      if (!options.keepFiles && !process.env.MIA_KEEP_SYSTEM_LOGS) {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
