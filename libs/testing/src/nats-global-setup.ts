// Vitest global setup of the integration project: one nats-server for the whole run, with the
// deployments' users and permissions, so services under test sign in as themselves. Skipped when
// NATS_URL names a server (then anonymous, as that server allows) or no nats-server binary is
// installed (then nats.ts finds a local server or a container, as before).
import { randomBytes } from 'node:crypto';
import { findNatsServerBinaryOrUndefined, startNatsServer } from './nats-server.js';
import { SHARED_TEST_NATS_ENV, testNatsAuthorization } from './nats-auth.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.NATS_URL || process.env[SHARED_TEST_NATS_ENV]) return undefined;
  if (!findNatsServerBinaryOrUndefined()) return undefined;
  const password = randomBytes(18).toString('hex');
  const server = await startNatsServer({
    config: testNatsAuthorization(password),
    admin: { user: 'admin', pass: password },
  });
  // Workers start after this and inherit the environment.
  process.env[SHARED_TEST_NATS_ENV] = JSON.stringify({ url: server.url, password });
  return () => server.dispose();
}
