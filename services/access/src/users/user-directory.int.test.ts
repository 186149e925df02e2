import { randomUUID } from 'node:crypto';
import { UserRegisteredV1, UserRoleChangedV1 } from '@mia/contracts';
import { startService } from '@mia/service-kit';
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
        type: UserRoleChangedV1.type,
        data: { userId, email, role: 'admin', previousRole: 'user' },
      },
    ]);
    const prisma = access.ctx.db as Parameters<typeof findUserByEmail>[0];
    await waitFor(async () => (await findUserByEmail(prisma, email))?.role === 'admin', {
      message: 'the admin role in the directory',
    });
  });
});
