import { randomUUID } from 'node:crypto';
import {
  AccessGrantedV1,
  eventSubject,
  PaymentSucceededV1,
  SessionsRevokedV1,
  UserRegisteredV1,
} from '@mia/contracts';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsTopology, startNatsServer, type OwnNatsServer } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsumer } from './consumer.js';
import { testLogger } from './fixtures.fixture.js';
import { NATS_ADMIN_USER, natsAuthorization } from './nats-permissions.js';
import { checkStreams, provisionNats, StreamsMissingError } from './provision.js';
import { on } from './subscription.js';
import { streamNames } from './streams.js';

// The deployments' authorization (as generated into deploy/nats) on a server of this test's own,
// for a prefix of its own: what each service's credentials may and may not do.
const password = randomUUID();
const prefix = `p${randomUUID().slice(0, 8)}.`;
const events = streamNames(prefix).events;
let server: OwnNatsServer;
const open: NatsConnection[] = [];

const signIn = async (user: string) => {
  const nc = await connect({ servers: server.url, user, pass: password, timeout: 2_000 });
  open.push(nc);
  return nc;
};
const refused = (promise: Promise<unknown>) => expect(promise).rejects.toThrow(/permission/i);

beforeAll(async () => {
  server = await startNatsServer({
    config: natsAuthorization(natsTopology(), {
      prefix,
      password: () => JSON.stringify(password),
    }),
    admin: { user: NATS_ADMIN_USER, pass: password },
  });
  const admin = await signIn(NATS_ADMIN_USER);
  await provisionNats(admin, await jetstreamManager(admin), prefix, natsTopology());
});

afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close()));
  await server?.dispose();
});

const envelope = () => JSON.stringify({ id: randomUUID() });

describe("a service's NATS credentials", () => {
  it('refuse anonymous connections and wrong passwords', async () => {
    await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow(
      /authorization/i,
    );
    await expect(
      connect({ servers: server.url, user: 'billing', pass: 'wrong', reconnect: false }),
    ).rejects.toThrow(/authorization/i);
  });

  it("let billing publish its own events and refuse identity's and access's subjects", async () => {
    const js = jetstream(await signIn('billing'), { timeout: 1_500 });
    const ack = await js.publish(eventSubject(prefix, PaymentSucceededV1), envelope());
    expect(ack.stream).toBe(events);
    await refused(js.publish(eventSubject(prefix, UserRegisteredV1), envelope()));
    await refused(js.publish(eventSubject(prefix, AccessGrantedV1), envelope()));
    // Identity may not pass for billing either.
    const identity = jetstream(await signIn('identity'), { timeout: 1_500 });
    await refused(identity.publish(eventSubject(prefix, PaymentSucceededV1), envelope()));
  });

  it('refuse a consumer on subjects the service does not declare, durable or not', async () => {
    const jsm = await jetstreamManager(await signIn('billing'), { timeout: 1_500 });
    // billing reads no identity registrations: no consumer of its own may filter on them...
    await refused(
      jsm.consumers.add(events, {
        name: 'billing-spy',
        filter_subject: eventSubject(prefix, UserRegisteredV1),
      }),
    );
    // ...nor may it re-point or create a durable (provisioning does that)...
    await refused(
      jsm.consumers.add(events, {
        durable_name: 'billing-mail',
        filter_subject: eventSubject(prefix, UserRegisteredV1),
      }),
    );
    await refused(jsm.consumers.add(events, { durable_name: 'billing-any' }));
    // ...nor pull from another service's durable.
    const billing = await signIn('billing');
    await refused(
      billing.request(
        `$JS.API.CONSUMER.MSG.NEXT.${events}.access-entitlements`,
        JSON.stringify({ batch: 1, expires: 500_000_000 }),
        { timeout: 1_500 },
      ),
    );
  });

  it('accept the revocation feed (SessionsRevoked only) and the service’s own durables', async () => {
    const js = jetstream(await signIn('billing'), { timeout: 1_500 });
    const feed = await js.consumers.get(events, {
      filter_subjects: eventSubject(prefix, SessionsRevokedV1),
      deliver_policy: DeliverPolicy.All,
    });
    expect((await feed.info(true)).config.filter_subject).toBe(
      eventSubject(prefix, SessionsRevokedV1),
    );
    const mail = await js.consumers.get(events, 'billing-mail');
    const message = await mail.next({ expires: 1_000 });
    expect(message?.subject).toBe(eventSubject(prefix, PaymentSucceededV1));
    message?.ack();
  });
});

describe('a service on a broker it may not configure', () => {
  it('says to run the provisioning when its streams are missing', async () => {
    const jsm = await jetstreamManager(await signIn('billing'));
    await expect(checkStreams(jsm, prefix)).resolves.toBeUndefined();
    // A prefix nobody provisioned (asked as the admin: billing may not even ask about it).
    const admin = await jetstreamManager(await signIn(NATS_ADMIN_USER));
    await expect(checkStreams(admin, `x${prefix}`)).rejects.toThrow(StreamsMissingError);
    await expect(checkStreams(admin, `x${prefix}`)).rejects.toThrow(/npm run nats:provision/);
  });

  it('refuses to start a consumer whose durable provisioning did not create', async () => {
    const consumer = createConsumer({
      // Never reached: the durable is checked before anything is read.
      runner: {} as never,
      schema: 'unused',
      nats: await signIn('billing'),
      prefix,
      name: 'billing-unprovisioned',
      subscriptions: [on(PaymentSucceededV1, async () => undefined)],
      logger: testLogger,
    });
    await expect(consumer.start()).rejects.toThrow(/may not create it: run the NATS provisioning/);
  });
});
