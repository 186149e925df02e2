import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { provisionNats } from '@mia/service-kit';
import { startContainer } from './containers.js';
import {
  adminConnectOptions,
  natsTopology,
  servicePasswordEnv,
  sharedTestNats,
} from './nats-auth.js';
import { randomSuffix } from './random.js';

export interface TestNats {
  url: string;
  /** Unique subject prefix (`t<random>.`); streams derived from it belong to this run only. */
  prefix: string;
  /**
   * What a service needs besides NATS_URL to sign in as itself (its user is its name): the
   * run's NATS_PASSWORD on the shared authenticated server, nothing on an anonymous one.
   */
  serviceEnv: Record<string, string>;
  /** A connection as the admin user (anonymous on an anonymous server), closed by cleanup(). */
  connect(): Promise<NatsConnection>;
  /** Deletes the streams under the prefix and closes the connections handed out. */
  cleanup(): Promise<void>;
}

const LOCAL_URL = 'nats://127.0.0.1:4222';
let server: Promise<string> | undefined;

async function reachable(url: string): Promise<boolean> {
  try {
    const nc = await connect({ ...adminConnectOptions(url), timeout: 2_000, reconnect: false });
    try {
      await (await jetstreamManager(nc)).getAccountInfo();
      return true;
    } finally {
      await nc.close();
    }
  } catch {
    return false;
  }
}

async function findServer(): Promise<string> {
  // The run's authenticated server (nats-global-setup.ts), else NATS_URL, a local server or a
  // container, all anonymous.
  const configured = sharedTestNats()?.url || process.env.NATS_URL || LOCAL_URL;
  if (await reachable(configured)) return configured;
  try {
    const { host, port } = await startContainer('nats:2.10-alpine', 4222, {
      command: ['-js'],
      readyLog: /Server is ready/,
    });
    return `nats://${host}:${port}`;
  } catch (err) {
    throw new Error(
      `No NATS with JetStream for integration tests: ${configured} does not answer and no ` +
        'Docker engine is available. Start nats-server -js or set NATS_URL.',
      { cause: err },
    );
  }
}

/**
 * NATS for one test suite, isolated from others sharing the server by a unique prefix, and
 * provisioned as a deployment is (streams and every service's durables), since services only
 * check that these exist.
 */
export async function createTestNats(): Promise<TestNats> {
  server ??= findServer();
  const url = await server.catch((err: unknown) => {
    server = undefined;
    throw err;
  });
  const prefix = `t${randomSuffix()}.`;
  await provisionTestNats(url, prefix);
  const connections: NatsConnection[] = [];
  return {
    url,
    prefix,
    serviceEnv: servicePasswordEnv(url),
    async connect() {
      const nc = await connect(adminConnectOptions(url));
      connections.push(nc);
      return nc;
    },
    async cleanup() {
      await deleteStreamsUnder(url, prefix);
      await Promise.all(connections.splice(0).map((nc) => nc.close()));
    },
  };
}

/** The provisioning step of a deployment, for `prefix` (streams and every service's durables). */
export async function provisionTestNats(url: string, prefix: string): Promise<void> {
  const nc = await connect(adminConnectOptions(url));
  try {
    await provisionNats(nc, await jetstreamManager(nc), prefix, natsTopology());
  } finally {
    await nc.close();
  }
}

/** Deletes every stream whose subjects all start with `prefix`. */
export async function deleteStreamsUnder(url: string, prefix: string): Promise<void> {
  const nc = await connect(adminConnectOptions(url));
  try {
    const jsm = await jetstreamManager(nc);
    for await (const info of jsm.streams.list()) {
      const subjects = info.config.subjects ?? [];
      if (subjects.length > 0 && subjects.every((s) => s.startsWith(prefix))) {
        await jsm.streams.delete(info.config.name);
      }
    }
  } finally {
    await nc.close();
  }
}
