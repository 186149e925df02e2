// Support started against real PostgreSQL and NATS, with identity's, billing's and access's
// sides played by event publishers, and session tokens signed with the development key.
// (Fixture: no tests here, excluded from the build.)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserRegisteredV1, type EventDefinition } from '@mia/contracts';
import {
  createSessionSigner,
  devKeys,
  manualClock,
  startService,
  type ManualClock,
  type RunningService,
} from '@mia/service-kit';
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
import type { SupportConfig } from './config.js';
import type { SupportDb, SupportTx } from './db.js';
import { supportService } from './service.js';
import type { Support } from './support.js';

const sign = createSessionSigner({
  privateKeyPem: devKeys()!.privateKeyPem,
  issuer: 'mia-identity',
  audience: 'mia',
});

/**
 * An answer's JSON as tests read it: each test asserts the shape it expects, so the harness does
 * not pretend to know it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJson = any;

export interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface SupportHarness {
  support: RunningService<SupportConfig, SupportTx, SupportDb, Support>;
  clock: ManualClock;
  /** The run's NATS (its prefix), e.g. for billing's catalogue events (catalogPublisher). */
  nats: TestNats;
  mailDir: string;
  publishers: Record<'identity' | 'billing' | 'access', EventPublisher>;
  call(
    method: string,
    path: string,
    options?: CallOptions,
  ): Promise<{ status: number; body: AnyJson; headers: Headers }>;
  /** A registered customer (identity's UserRegistered published) with a session token. */
  customer(name?: string): Promise<Person>;
  admin(): Promise<Person>;
  /** Appends another service's event to its store; its relay publishes it to support. */
  publish(
    producer: 'identity' | 'billing' | 'access',
    streamId: string,
    event: EventDefinition,
    data: unknown,
  ): Promise<void>;
  /** The mails written for `to` (the .json twins), oldest first. */
  mailsTo(to: string): { subject: string; text: string; html: string; [key: string]: unknown }[];
  stop(): Promise<void>;
}

export async function startSupportHarness(
  env: Record<string, string> = {},
  start = '2026-05-10T12:00:00.000Z',
): Promise<SupportHarness> {
  const db: TestDatabase = await createTestDatabase();
  const nats: TestNats = await createTestNats();
  const mailDir = mkdtempSync(join(tmpdir(), 'support-mail-'));
  const clock = manualClock(start);
  // Billing's first start, as support sees it: the 14 seeded tools on the bus.
  await catalogPublisher(nats).seed();
  const support = (await startService(supportService, {
    env: serviceTestEnv(db, nats, {
      MAIL_DIR: mailDir,
      TICKET_SWEEP_INTERVAL_MS: '3600000',
      ...env,
    }),
    clock,
  })) as RunningService<SupportConfig, SupportTx, SupportDb, Support>;
  await support.eventsReady;
  await waitFor(async () => (await support.deps.db.catalogProduct.count()) >= 14, {
    message: "billing's seeded catalogue in support",
    timeoutMs: 20_000,
  });
  const publishers = {
    identity: await startEventPublisher(db, nats, 'identity'),
    billing: await startEventPublisher(db, nats, 'billing'),
    access: await startEventPublisher(db, nats, 'access'),
  };

  const call: SupportHarness['call'] = async (method, path, options = {}) => {
    const response = await fetch(`${support.url}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      headers: response.headers,
    };
  };

  const publish: SupportHarness['publish'] = async (producer, streamId, event, data) => {
    await publishers[producer].store.append(streamId, 'any', [
      { type: event.type, version: event.version, data },
    ]);
  };

  async function person(role: 'user' | 'admin', name: string): Promise<Person> {
    const id = randomUUID();
    const email = `${name.toLowerCase()}-${id.slice(0, 8)}@iglesia.org`;
    await publish('identity', `user-${id}`, UserRegisteredV1, {
      userId: id,
      email,
      name,
      username: `${name.toLowerCase()}${id.slice(0, 8)}`,
      role,
    });
    // Known to support before anyone asks it: the registration travels through the relay, which
    // waits for older transactions anywhere in the cluster to end (ADR 0014).
    await waitFor(() => support.deps.db.customer.findUnique({ where: { userId: id } }), {
      message: `${name}'s registration in support`,
    });
    // Signed in with the second factor, as identity issues staff sessions (staff routes need it).
    const { token } = await sign({ userId: id, role, email, name, amr: ['pwd', 'otp'] });
    return { id, email, name, token };
  }

  return {
    support,
    clock,
    nats,
    mailDir,
    publishers,
    call,
    customer: (name = 'Ana') => person('user', name),
    admin: () => person('admin', 'Sofia'),
    publish,
    mailsTo: (to) =>
      readdirSync(mailDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')))
        .filter((m) => m.to === to),
    async stop() {
      for (const p of Object.values(publishers)) await p.stop();
      await support.stop();
      await nats.cleanup();
      await db.drop();
    },
  };
}
