// Runs a consumer in its own process and kills that process (SIGKILL) right after the first
// handler's transaction committed, before the message is acked. Started by
// consumer.int.test.ts through spawnTs; not a test file itself.
import { connect } from '@nats-io/transport-node';
import { createPool, pgRunner } from '../db/index.js';
import { createConsumer } from './consumer.js';
import { recordEffect, SCHEMA, testLogger, ThingHappened } from './fixtures.fixture.js';
import { on } from './subscription.js';

const {
  dbUrl,
  nats: natsOptions,
  prefix,
  name,
  ackWaitMs,
} = JSON.parse(process.env.CONSUMER_CHILD ?? '{}') as Record<string, string> & {
  nats: { servers: string };
};
const nats = await connect(natsOptions);
const pool = createPool({ url: dbUrl!, schema: SCHEMA, applicationName: 'consumer-child' });
await createConsumer({
  runner: pgRunner(pool),
  schema: SCHEMA,
  nats,
  prefix: prefix!,
  name: name!,
  logger: testLogger,
  ackWaitMs: Number(ackWaitMs),
  subscriptions: [on(ThingHappened, (data, envelope, ctx) => recordEffect(name!, envelope, ctx))],
  onHandled: () => {
    process.kill(process.pid, 'SIGKILL');
  },
}).start();
