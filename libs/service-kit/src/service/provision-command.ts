import { readFileSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { baseConfigSchema } from '../config/base.js';
import { loadConfig } from '../config/load.js';
import { NATS_ADMIN_USER } from '../events/nats-permissions.js';
import { parseNatsTopology } from '../events/nats-topology.js';
import { provisionNats } from '../events/provision.js';
import { createLogger } from '../logger.js';
import { connectNats, natsCredentialsOf } from './nats.js';

// Only what provisioning reads: a provisioning job needs no database or keys.
const provisionConfigSchema = baseConfigSchema.pick({
  MIA_ENV: true,
  LOG_LEVEL: true,
  NATS_URL: true,
  NATS_PREFIX: true,
  NATS_USER: true,
  NATS_PASSWORD: true,
  NATS_ACK_WAIT_MS: true,
});

/**
 * `node dist/main.js nats-provision <topology.json>` from any service's image: creates the
 * streams and every service's durables as the admin user (NATS_USER, default admin). The
 * topology file is deploy/nats/topology.json, mounted into the container.
 */
export async function provisionCommand(file: string | undefined): Promise<void> {
  if (!file) throw new Error('nats-provision <topology.json> (deploy/nats/topology.json)');
  const config = loadConfig(provisionConfigSchema);
  const logger = createLogger('nats-provision', config.LOG_LEVEL);
  const topology = parseNatsTopology(JSON.parse(readFileSync(file, 'utf8')));
  const nats = await connectNats(
    config.NATS_URL,
    'nats-provision',
    logger,
    natsCredentialsOf(config, NATS_ADMIN_USER),
  );
  try {
    const done = await provisionNats(
      nats,
      await jetstreamManager(nats),
      config.NATS_PREFIX,
      topology,
      {
        ackWaitMs: config.NATS_ACK_WAIT_MS,
      },
    );
    logger.info(done, 'NATS provisioned');
  } finally {
    await nats.drain();
  }
}
