// Runs a relay in its own process and kills that process (SIGKILL) right after the broker
// acknowledged the first event, before the relay records its position. Started by
// relay.int.test.ts through spawnTs; not a test file itself.
import { connect } from '@nats-io/transport-node';
import { SCHEMA, testEvents, testLogger } from './fixtures.fixture.js';
import { createRelay } from './relay.js';

const {
  dbUrl,
  nats: natsOptions,
  prefix,
  publisher,
} = JSON.parse(process.env.RELAY_CHILD ?? '{}') as Record<string, string> & {
  nats: { servers: string };
};
const nats = await connect(natsOptions);
createRelay({
  url: dbUrl!,
  schema: SCHEMA,
  nats,
  prefix: prefix!,
  publisher,
  logger: testLogger,
  definitions: testEvents,
  onPublished: () => {
    process.kill(process.pid, 'SIGKILL');
  },
}).start();
