// `npm run nats:config`: regenerates deploy/nats/topology.json and deploy/nats/authorization.conf
// from the services' code (commit both). `npm run nats:provision`: creates the streams and every
// service's durable consumers on NATS_URL as NATS_USER (default admin) / NATS_PASSWORD, for
// NATS_PREFIX (default mia.); run it before the services start and after each change of what a
// service consumes.
import { readFileSync, writeFileSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { NATS_ADMIN_USER, parseNatsTopology, provisionNats } from '@mia/service-kit';
import {
  AUTHORIZATION_FILE,
  deployAuthorization,
  TOPOLOGY_FILE,
  topologyFromCode,
  topologyJson,
} from './nats/topology.js';

const [command] = process.argv.slice(2);
const env = process.env;

if (command === 'config') {
  const topology = await topologyFromCode();
  writeFileSync(TOPOLOGY_FILE, topologyJson(topology));
  writeFileSync(AUTHORIZATION_FILE, deployAuthorization(topology));
  console.log(`Written ${TOPOLOGY_FILE} and ${AUTHORIZATION_FILE}.`);
} else if (command === 'provision') {
  const topology = parseNatsTopology(JSON.parse(readFileSync(TOPOLOGY_FILE, 'utf8')));
  const prefix = env.NATS_PREFIX || 'mia.';
  const nc = await connect({
    servers: env.NATS_URL || 'nats://127.0.0.1:4222',
    ...(env.NATS_PASSWORD
      ? { user: env.NATS_USER || NATS_ADMIN_USER, pass: env.NATS_PASSWORD }
      : {}),
  });
  try {
    const done = await provisionNats(nc, await jetstreamManager(nc), prefix, topology, {
      ackWaitMs: env.NATS_ACK_WAIT_MS ? Number(env.NATS_ACK_WAIT_MS) : undefined,
    });
    console.log(`Streams ${done.streams.join(', ')}; durables ${done.durables.join(', ')}.`);
  } finally {
    await nc.close();
  }
} else {
  console.error('Usage: tsx scripts/nats.ts config | provision');
  process.exit(2);
}
