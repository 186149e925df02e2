// Test support for access's integration tests (not a test file itself): the real service on a
// fresh database and NATS prefix, session tokens signed with the development key, billing's
// and identity's events published as those services publish them, and waiting for consumers.
import { randomUUID } from 'node:crypto';
import {
  eventSubject,
  UserRegisteredV1,
  type EventDefinition,
  type EventEnvelope,
} from '@mia/contracts';
import { devKeys, signSessionToken, startService, streamNames, type Clock } from '@mia/service-kit';
import {
  catalogPublisher,
  createTestDatabase,
  createTestNats,
  serviceTestEnv,
  startEventPublisher,
  waitFor,
  type EventPublisher,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll } from 'vitest';
import { accessService } from './service.js';
import { findUserByEmail } from './users/user-directory.js';

export const TEST_GPT_KEY = 'test-gpt-key-0123456789abcdef';
export const SECOND_GPT_KEY = 'second-gpt-key-0123456789abcdef';

const launch = (env: Record<string, string>, clock?: Clock) =>
  startService(accessService, clock ? { env, clock } : { env });

export type RunningAccess = Awaited<ReturnType<typeof launch>>;

const seededPrefixes = new Set<string>();

/**
 * Billing's first start, as far as access can tell: the 14 seeded tools published on the test
 * run's prefix (once per prefix), opening the local stand-in page.
 */
export async function seedCatalog(nats: TestNats): Promise<void> {
  if (seededPrefixes.has(nats.prefix)) return;
  seededPrefixes.add(nats.prefix);
  await catalogPublisher(nats).seed();
}

/** Waits until access's copy of the catalogue is loaded (what its readiness waits for). */
export async function catalogLoaded(access: RunningAccess): Promise<void> {
  await waitFor(() => access.deps.catalog.loaded, {
    message: 'the catalogue to load',
    timeoutMs: 20_000,
  });
}

/**
 * Access on `db` and `nats`, ready: the catalogue billing seeds is published first (unless
 * `seed: false`), so tools are known as in a running system.
 */
export async function startAccess(
  db: TestDatabase,
  nats: TestNats,
  extra: Record<string, string> = {},
  clock?: Clock,
  { seed = true }: { seed?: boolean } = {},
): Promise<RunningAccess> {
  if (seed) await seedCatalog(nats);
  const access = await launch(
    serviceTestEnv(db, nats, { GPT_API_KEYS: `${TEST_GPT_KEY},${SECOND_GPT_KEY}`, ...extra }),
    clock,
  );
  await access.eventsReady;
  await catalogLoaded(access);
  return access;
}

/** What a test file works against: access on its own database and NATS prefix, and identity's events. */
export interface AccessTestBed {
  db: TestDatabase;
  nats: TestNats;
  access: RunningAccess;
  identity: EventPublisher;
}

/**
 * Starts access for the file or `describe` block it is called in (beforeAll) and stops it after
 * (afterAll), so a test file does not repeat the set-up. The fields are there once the hook ran:
 * read them inside tests and later hooks.
 */
export function accessTestBed(extra: Record<string, string> = {}): AccessTestBed {
  const bed = {} as AccessTestBed;
  beforeAll(async () => {
    bed.db = await createTestDatabase();
    bed.nats = await createTestNats();
    bed.access = await startAccess(bed.db, bed.nats, extra);
    bed.identity = await startEventPublisher(bed.db, bed.nats, 'identity');
  });
  afterAll(async () => {
    await bed.identity?.stop();
    await bed.access?.stop();
    await bed.nats?.cleanup();
    await bed.db?.drop();
  });
  return bed;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  token: string;
}

/** A session token as identity would issue it (development key). */
export async function sessionToken(
  user: Omit<TestUser, 'token'>,
  amr: string[] = ['pwd', 'otp'],
): Promise<string> {
  const keys = devKeys();
  if (!keys) throw new Error('development keys are missing');
  return signSessionToken(
    // By default signed in with the second factor, as identity issues staff sessions (admin
    // routes need it).
    { userId: user.id, role: user.role, email: user.email, name: user.name, amr },
    { privateKeyPem: keys.privateKeyPem, issuer: 'mia-identity', audience: 'mia' },
  );
}

/**
 * A user registered with identity (its UserRegistered published as identity would), known to
 * access's directory, with a session token.
 */
export async function registerUser(
  identity: EventPublisher,
  access: RunningAccess,
  role: 'user' | 'admin' = 'user',
): Promise<TestUser> {
  const id = randomUUID();
  const user = { id, email: `u-${id}@iglesia.org`, name: `Usuario ${id.slice(0, 4)}`, role };
  await identity.store.append(`user-${id}`, 'no-stream', [
    {
      type: UserRegisteredV1.type,
      data: { userId: id, email: user.email, name: user.name, username: `u${id}`, role },
    },
  ]);
  await waitFor(() => findUserByEmail(access.ctx.db as never, user.email), {
    message: `directory entry of ${user.email}`,
  });
  return { ...user, token: await sessionToken(user) };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls the service over HTTP and returns the status, headers and parsed body. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  { token, body, headers = {} }: CallOptions = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (an HTML page): the text itself.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

let position = 0;

/**
 * An envelope of another service's event, as its relay would publish it. `streamVersion` is
 * the event's position in its source stream.
 */
export function envelopeOf<D extends EventDefinition>(
  definition: D,
  data: unknown,
  source: { streamId: string; streamVersion: number; occurredAt?: string },
): EventEnvelope {
  position += 1;
  return {
    id: randomUUID(),
    type: definition.type,
    version: definition.version,
    occurredAt: source.occurredAt ?? new Date().toISOString(),
    streamId: source.streamId,
    streamVersion: source.streamVersion,
    correlationId: `test-${position}`,
    causationId: null,
    data: definition.schema.parse(data),
  };
}

/**
 * Publishes envelopes straight to JetStream, in the given order, each `copies` times (no
 * message id, so the broker keeps every copy: the consumers see true redeliveries).
 */
export async function publishRaw(
  nats: TestNats,
  envelopes: readonly EventEnvelope[],
  copies = 1,
): Promise<void> {
  const js = jetstream(await nats.connect());
  for (const envelope of envelopes) {
    const definition = { type: envelope.type, version: envelope.version, producer: 'billing' };
    for (let i = 0; i < copies; i++) {
      await js.publish(
        eventSubject(nats.prefix, definition as EventDefinition),
        JSON.stringify(envelope),
      );
    }
  }
}

/** Waits until a durable consumer of access has nothing pending or unacknowledged. */
export async function consumerSettled(nats: TestNats, consumer: string): Promise<void> {
  const jsm = await jetstreamManager(await nats.connect());
  await waitFor(
    async () => {
      const info = await jsm.consumers.info(streamNames(nats.prefix).events, `access-${consumer}`);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    { message: `consumer access-${consumer} to settle`, timeoutMs: 20_000 },
  );
}
