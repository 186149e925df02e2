import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ANY_PREFIX,
  NATS_ADMIN_USER,
  natsAuthorization,
  parseNatsTopology,
  type NatsTopology,
} from '@mia/service-kit';

// src/ and dist/ sit at the same depth, so this is the repository either way.
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The topology generated from the services' code (deploy/nats/topology.json). */
export function natsTopology(): NatsTopology {
  return parseNatsTopology(
    JSON.parse(readFileSync(join(REPO_ROOT, 'deploy', 'nats', 'topology.json'), 'utf8')),
  );
}

/**
 * The deployments' users and permissions for a test server: every `t<random>.` prefix of the
 * run is covered (ANY_PREFIX), and every user has the run's one password.
 */
export const testNatsAuthorization = (password: string, topology = natsTopology()) =>
  natsAuthorization(topology, { prefix: ANY_PREFIX, password: () => JSON.stringify(password) });

/** The authenticated server the integration run shares (nats-global-setup.ts), if any. */
export interface SharedTestNats {
  url: string;
  password: string;
}

export const SHARED_TEST_NATS_ENV = 'MIA_TEST_NATS';

export function sharedTestNats(): SharedTestNats | undefined {
  const raw = process.env[SHARED_TEST_NATS_ENV];
  return raw ? (JSON.parse(raw) as SharedTestNats) : undefined;
}

/** Connection options for tooling and tests: the admin user on the shared server, else none. */
export function adminConnectOptions(url: string): {
  servers: string;
  user?: string;
  pass?: string;
} {
  const shared = sharedTestNats();
  return shared?.url === url
    ? { servers: url, user: NATS_ADMIN_USER, pass: shared.password }
    : { servers: url };
}

/** A service's NATS_PASSWORD on the shared server (its user is its name), else nothing. */
export function servicePasswordEnv(url: string): Record<string, string> {
  const shared = sharedTestNats();
  return shared?.url === url ? { NATS_PASSWORD: shared.password } : {};
}
