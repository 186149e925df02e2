import { randomUUID } from 'node:crypto';
import {
  eventSubject,
  UserRegisteredV1,
  UserRoleChangedV2,
  type EventEnvelope,
} from '@mia/contracts';
import { rebuildProjections, startService, streamNames } from '@mia/service-kit';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  createTestDatabase,
  createTestNats,
  serviceTestEnv,
  startEventPublisher,
  waitFor,
  type EventPublisher,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessService } from '../service.js';
import { directoryProjection } from './directory-projection.js';
import { directoryStreamId } from './directory-events.js';
import { findUserByEmail } from './user-directory.js';

// identity's side of the flow is played by the kit (startEventPublisher): an event store in
// schema "identity" whose relay publishes exactly as the identity service does.
describe('access user directory (identity -> NATS -> access)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let access: Awaited<
    ReturnType<typeof startService<typeof accessService.configSchema, unknown, unknown>>
  >;
  let identity: EventPublisher;

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
    access = (await startService(accessService, { env: serviceTestEnv(db, nats) })) as never;
    await access.eventsReady;
    identity = await startEventPublisher(db, nats, 'identity');
  });

  afterAll(async () => {
    await identity?.stop();
    await access?.stop();
    await nats?.cleanup();
    await db?.drop();
  });
  it('records a registered user under the lower-cased e-mail', async () => {
    const { store } = identity;
    const userId = randomUUID();
    await store.append(`user-${userId}`, 'no-stream', [
      {
        type: UserRegisteredV1.type,
        data: {
          userId,
          email: 'Pastor.Juan@Iglesia.org',
          name: 'Juan',
          username: 'juan',
          role: 'user',
        },
      },
    ]);

    const prisma = access.ctx.db as Parameters<typeof findUserByEmail>[0];
    const entry = await waitFor(() => findUserByEmail(prisma, ' pastor.juan@iglesia.org '), {
      message: 'the directory entry',
    });
    expect(entry).toMatchObject({
      userId,
      name: 'Juan',
      role: 'user',
      email: 'pastor.juan@iglesia.org',
    });
  });

  it('follows role changes of a registered user', async () => {
    const { store } = identity;
    const userId = randomUUID();
    const email = `admin-${userId}@iglesia.org`;
    await store.append(`user-${userId}`, 'no-stream', [
      {
        type: UserRegisteredV1.type,
        data: { userId, email, name: 'Ana', username: `a${userId}`, role: 'user' },
      },
      {
        type: UserRoleChangedV2.type,
        version: UserRoleChangedV2.version,
        data: {
          userId,
          email,
          role: 'admin',
          previousRole: 'user',
          by: null,
          reason: 'ADMIN_EMAILS',
        },
      },
    ]);
    const prisma = access.ctx.db as Parameters<typeof findUserByEmail>[0];
    await waitFor(async () => (await findUserByEmail(prisma, email))?.role === 'admin', {
      message: 'the admin role in the directory',
    });
  });

  /** Publishes an identity event directly (copies without a msg id are all delivered). */
  async function publishRaw(env: EventEnvelope, copies: number) {
    const js = jetstream(await nats.connect());
    await Promise.all(
      Array.from({ length: copies }, () =>
        js.publish(eventSubject(nats.prefix, UserRegisteredV1), JSON.stringify(env)),
      ),
    );
  }

  it('the same registration delivered 20 times concurrently is recorded once', async () => {
    const userId = randomUUID();
    const email = `dup-${userId}@iglesia.org`;
    await publishRaw(
      {
        id: randomUUID(),
        type: UserRegisteredV1.type,
        version: 1,
        occurredAt: new Date().toISOString(),
        streamId: `user-${userId}`,
        streamVersion: 1,
        correlationId: randomUUID(),
        causationId: null,
        data: { userId, email, name: 'Dup', username: `d${userId}`, role: 'user' },
      },
      20,
    );
    const prisma = access.ctx.db as Parameters<typeof findUserByEmail>[0];
    await waitFor(() => findUserByEmail(prisma, email), { message: 'the directory entry' });
    // Let every copy be consumed before counting: the inbox has one row per handled event.
    await waitFor(async () => {
      const jsm = await jetstreamManager(await nats.connect());
      const info = await jsm.consumers.info(
        streamNames(nats.prefix).events,
        'access-user-directory',
      );
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    const events = await access.ctx.events.readStream(directoryStreamId(userId));
    expect(events.map((e) => e.type)).toEqual(['CustomerRecorded']);
  });

  it('a role change delivered before its registration is kept; replay rebuilds the same directory', async () => {
    const userId = randomUUID();
    const email = `late-${userId}@iglesia.org`;
    const base = {
      occurredAt: new Date().toISOString(),
      streamId: `user-${userId}`,
      correlationId: randomUUID(),
      causationId: null,
      version: 1,
    };
    const js = jetstream(await nats.connect());
    await js.publish(
      eventSubject(nats.prefix, UserRoleChangedV2),
      JSON.stringify({
        ...base,
        id: randomUUID(),
        type: UserRoleChangedV2.type,
        version: UserRoleChangedV2.version,
        streamVersion: 4,
        data: {
          userId,
          email,
          role: 'admin',
          previousRole: 'user',
          by: null,
          reason: 'ADMIN_EMAILS',
        },
      }),
    );
    await js.publish(
      eventSubject(nats.prefix, UserRegisteredV1),
      JSON.stringify({
        ...base,
        id: randomUUID(),
        type: UserRegisteredV1.type,
        streamVersion: 1,
        data: { userId, email, name: 'Late', username: `l${userId}`, role: 'user' },
      }),
    );
    const prisma = access.ctx.db as Parameters<typeof findUserByEmail>[0];
    await waitFor(async () => (await findUserByEmail(prisma, email))?.role === 'admin', {
      message: 'the newer role to win',
    });

    const before = await prisma.directoryUser.findMany({ orderBy: { userId: 'asc' } });
    await rebuildProjections({
      runner: access.ctx.runner,
      schema: access.ctx.schema,
      projections: [directoryProjection as never],
    });
    expect(await prisma.directoryUser.findMany({ orderBy: { userId: 'asc' } })).toEqual(before);
  });
});
