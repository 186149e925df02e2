// Test support for identity's integration tests (not a test file itself): the real service on
// a fresh database and NATS prefix, a cookie-keeping client, and a listener for its events.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventEnvelopeSchema, type EventEnvelope } from '@mia/contracts';
import { startService, streamNames, type Clock } from '@mia/service-kit';
import {
  createTestDatabase,
  createTestNats,
  randomSuffix,
  serviceTestEnv,
  waitFor,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { identityService } from './service.js';

const launch = (env: Record<string, string>, clock: Clock) =>
  startService(identityService, { env, clock });

export type RunningIdentity = Awaited<ReturnType<typeof launch>>;

/**
 * The service's clock in tests: the real time, moved forward by hand to reach an expiry
 * without waiting for it (and back again, so the rest of the file runs at the real time).
 */
export interface TestClock extends Clock {
  advance(ms: number): void;
  reset(): void;
}

export function testClock(): TestClock {
  let offset = 0;
  const clock = (() => new Date(Date.now() + offset)) as TestClock;
  clock.advance = (ms) => {
    offset += ms;
  };
  clock.reset = () => {
    offset = 0;
  };
  return clock;
}

/** Everything identity published to NATS, as the other services receive it. */
export class PublishedEvents {
  readonly received: EventEnvelope[] = [];
  #stop: (() => Promise<void>) | undefined;

  async listen(nats: TestNats): Promise<void> {
    const nc = await nats.connect();
    const js = jetstream(nc);
    const names = streamNames(nats.prefix);
    await waitFor(async () => (await js.streams.get(names.events)) !== undefined, {
      message: 'the events stream',
    });
    const consumer = await js.consumers.get(names.events, {
      filter_subjects: `${nats.prefix}events.identity.>`,
      deliver_policy: DeliverPolicy.All,
    });
    const messages = await consumer.consume();
    this.#stop = async () => {
      await messages.close();
    };
    void (async () => {
      for await (const message of messages) {
        this.received.push(eventEnvelopeSchema.parse(message.json()) as EventEnvelope);
      }
    })();
  }

  ofType<T = Record<string, unknown>>(type: string): EventEnvelope<T>[] {
    return this.received.filter((e) => e.type === type) as EventEnvelope<T>[];
  }

  /** Waits for an event of `type` matching `where`, and returns it. */
  waitFor<T = Record<string, unknown>>(
    type: string,
    where: (data: T) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<EventEnvelope<T>> {
    return waitFor(() => this.ofType<T>(type).find((e) => where(e.data)), {
      timeoutMs,
      message: `a published ${type}`,
    });
  }

  async stop(): Promise<void> {
    await this.#stop?.();
  }
}

export interface IdentityUnderTest {
  service: RunningIdentity;
  url: string;
  db: TestDatabase;
  nats: TestNats;
  mailDir: string;
  published: PublishedEvents;
  /** The service's clock (kept across restarts). */
  clock: TestClock;
  /** A client with its own cookie jar; `ip` is sent as X-Forwarded-For (trusted from loopback). */
  client(ip?: string): TestClient;
  /** Starts the service again on the same database and prefix, with other settings. */
  restart(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** The real identity service on a fresh database, with bcrypt at its minimum cost (10). */
export async function startIdentity(env: Record<string, string> = {}): Promise<IdentityUnderTest> {
  const db = await createTestDatabase();
  const nats = await createTestNats();
  const mailDir = await mkdtemp(join(tmpdir(), 'mia-mail-'));
  const published = new PublishedEvents();
  const environment = (extra: Record<string, string>) =>
    serviceTestEnv(db, nats, { BCRYPT_COST: '10', MAIL_DIR: mailDir, ...extra });

  const clock = testClock();
  let service = await launch(environment(env), clock);
  await service.eventsReady;
  await published.listen(nats);

  const harness: IdentityUnderTest = {
    get service() {
      return service;
    },
    get url() {
      return service.url;
    },
    db,
    nats,
    mailDir,
    published,
    clock,
    client: (ip) => new TestClient(() => service.url, ip),
    async restart(extra = {}) {
      await service.stop();
      service = await launch(environment(extra), clock);
      await service.eventsReady;
    },
    async stop() {
      await published.stop();
      await service.stop();
      await nats.cleanup();
      await db.drop();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  setCookie: string[];
}

/** A browser stand-in: keeps the session cookie between calls. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: () => string,
    readonly ip?: string,
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('mia_session');
  }

  set sessionCookie(value: string | undefined) {
    if (value === undefined) this.cookies.delete('mia_session');
    else this.cookies.set('mia_session', value);
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.base()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(this.ip ? { 'x-forwarded-for': this.ip } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie();
    for (const line of setCookie) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : undefined) as T,
      headers: res.headers,
      setCookie,
    };
  }

  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
}

export const uniqueUser = (
  over: Partial<Record<'name' | 'username' | 'email' | 'password', string>> = {},
) => {
  const id = randomSuffix();
  return {
    name: 'Ana Pérez',
    username: `ana_${id}`,
    email: `ana.${id}@iglesia.example`,
    password: 'Salmo 23: mi pastor',
    ...over,
  };
};

interface WrittenMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  token: string;
  resetUrl?: string;
  verifyUrl?: string;
}

/** Mails written to MAIL_DIR for `to` (the .json twins), oldest first. */
async function mailsFor(mailDir: string, to: string): Promise<WrittenMail[]> {
  const files = (await readdir(mailDir)).filter((f) => f.endsWith('.json')).sort();
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(join(mailDir, f), 'utf8')) as WrittenMail),
  );
  return mails.filter((m) => m.to === to.toLowerCase());
}

/** Password-reset mails written to MAIL_DIR for `to`, oldest first. */
export async function mailsTo(
  mailDir: string,
  to: string,
): Promise<(WrittenMail & { resetUrl: string })[]> {
  return (await mailsFor(mailDir, to)).filter(
    (m): m is WrittenMail & { resetUrl: string } => m.resetUrl !== undefined,
  );
}

/** E-mail verification mails written to MAIL_DIR for `to`, oldest first. */
export async function verificationMailsTo(
  mailDir: string,
  to: string,
): Promise<(WrittenMail & { verifyUrl: string })[]> {
  return (await mailsFor(mailDir, to)).filter(
    (m): m is WrittenMail & { verifyUrl: string } => m.verifyUrl !== undefined,
  );
}

/** Mails of one kind (`meta.kind`, e.g. `two-factor-enabled`) written to MAIL_DIR for `to`. */
export async function mailsOfKind(
  mailDir: string,
  to: string,
  kind: string,
): Promise<WrittenMail[]> {
  return (await mailsFor(mailDir, to)).filter((m) => (m as { kind?: string }).kind === kind);
}
