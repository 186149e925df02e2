// Test support for billing's integration tests (not a test file): the real service on a fresh
// database and NATS prefix, the Stripe sandbox in-process with its webhooks pointed at it (through
// a proxy that can lose answers), signed-in callers, the browser's side of a card payment, and
// readers for billing's events and mails.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSessionSigner, devKeys, startService, type Clock } from '@mia/service-kit';
import {
  createStripeSandbox,
  signatureHeader,
  TEST_CARDS,
  type StripeSandbox,
  type StripeSandboxOptions,
} from '@mia/stripe-sandbox';
import {
  createTestDatabase,
  createTestNats,
  serviceTestEnv,
  startProviderProxy,
  waitFor,
  type ProviderProxy,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { SANDBOX_KEYS } from '../config.js';
import { billingService } from '../service.js';

export { TEST_CARDS };

export const WEBHOOK_SECRET = SANDBOX_KEYS.webhookSecret;

/** How long to wait for an effect that travels through NATS (relay, consumer): loaded CI machines. */
export const EVENT_WAIT_MS = 20_000;

const launch = (env: Record<string, string>, clock: Clock) =>
  startService(billingService, { env, clock });
export type RunningBilling = Awaited<ReturnType<typeof launch>>;

/** The service's clock in tests: real time, moved forward by hand (reminders, expiries). */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offset = 0;
  const clock = (() => new Date(Date.now() + offset)) as TestClock;
  clock.advance = (ms) => {
    offset += ms;
  };
  return clock;
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A signed-in caller of billing's API, as the gateway would forward the browser's calls. */
export interface Caller {
  userId: string;
  email: string;
  call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiAnswer<T>>;
}

export interface StoredBillingEvent {
  type: string;
  /** Schema version (refund and dispute events are v2; older streams also hold v1 twins). */
  version: number;
  streamId: string;
  data: Record<string, unknown>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  sandbox?: StripeSandboxOptions;
  /** Run on this database (e.g. on a server the test restarts) instead of a fresh shared one. */
  database?: TestDatabase;
}

export interface BillingHarness {
  service: RunningBilling;
  /** The run's database and NATS prefix, for another service's events (startEventPublisher). */
  db: TestDatabase;
  nats: TestNats;
  sandbox: StripeSandbox;
  proxy: ProviderProxy;
  sandboxUrl: string;
  clock: TestClock;
  mailDir: string;
  signIn(options?: {
    email?: string;
    name?: string;
    role?: 'user' | 'admin';
    userId?: string;
  }): Promise<Caller>;
  /** The browser confirming a client secret with a typed card (as Stripe.js posts it). */
  confirmCard(clientSecret: string, cardNumber: string): Promise<ApiAnswer>;
  /** Moves the sandbox clock (renewals, retries) and waits for the webhooks it caused. */
  advanceDays(days: number): Promise<void>;
  /** Waits until the sandbox has delivered everything (billing answered every webhook). */
  settled(): Promise<void>;
  events(type?: string): Promise<StoredBillingEvent[]>;
  waitForEvent(
    type: string,
    where?: (data: Record<string, unknown>) => boolean,
  ): Promise<StoredBillingEvent>;
  /** A webhook POST exactly as the provider signs it (timestamp in seconds; default now). */
  postWebhook(payload: string, options?: { timestamp?: number; secret?: string }): Promise<number>;
  mails(): Promise<{ to: string; subject: string; text: string; kind?: string }[]>;
  stop(): Promise<void>;
}

export async function startBillingHarness(options: HarnessOptions = {}): Promise<BillingHarness> {
  const db: TestDatabase = options.database ?? (await createTestDatabase());
  const nats: TestNats = await createTestNats();
  const sandbox = createStripeSandbox({
    tickMs: 0,
    disputeDelayMs: 5,
    webhookRetryDelaysMs: [50, 100, 200, 400, 800],
    webhookSecret: WEBHOOK_SECRET,
    ...options.sandbox,
  });
  const { url: sandboxUrl } = await sandbox.start();
  const proxy = await startProviderProxy(sandboxUrl);
  const mailDir = await mkdtemp(join(tmpdir(), 'billing-mail-'));
  const clock = testClock();
  const service = await launch(
    serviceTestEnv(db, nats, {
      STRIPE_SANDBOX_URL: proxy.url,
      STRIPE_SANDBOX_SECRET_KEY: sandbox.secretKey,
      // Retries would hide what a test is looking at; the timeout test lowers the timeout.
      STRIPE_MAX_NETWORK_RETRIES: '0',
      STRIPE_TIMEOUT_MS: '5000',
      MAIL_DIR: mailDir,
      ...options.env,
    }),
    clock,
  );
  sandbox.setWebhookUrl(`${service.url}/api/webhooks/stripe`);
  await service.eventsReady;

  const keys = devKeys();
  if (!keys) throw new Error('The development keys are needed to sign test sessions');
  const sign = createSessionSigner({
    privateKeyPem: keys.privateKeyPem,
    issuer: 'mia-identity',
    audience: 'mia',
  });

  const harness: BillingHarness = {
    service,
    db,
    nats,
    sandbox,
    proxy,
    sandboxUrl,
    clock,
    mailDir,
    async signIn(who = {}) {
      const userId = who.userId ?? randomUUID();
      const email = who.email ?? `pastor-${userId.slice(0, 8)}@iglesia.org`;
      const { token } = await sign({
        userId,
        role: who.role ?? 'user',
        email,
        name: who.name ?? 'Pastor Juan',
        // Signed in with the second factor, as identity issues staff sessions (admin routes need it).
        amr: ['pwd', 'otp'],
      });
      return {
        userId,
        email,
        async call(method, path, body, headers = {}) {
          const res = await fetch(`${service.url}${path}`, {
            method,
            headers: {
              ...headers,
              authorization: `Bearer ${token}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const text = await res.text();
          return { status: res.status, body: text ? JSON.parse(text) : {} };
        },
      };
    },
    async confirmCard(clientSecret, cardNumber) {
      const id = clientSecret.split('_secret_')[0]!;
      const kind = id.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
      const res = await fetch(`${sandboxUrl}/sandbox/stripe/v1/${kind}/${id}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: sandbox.publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': cardNumber,
          'payment_method_data[card][exp_month]': '12',
          'payment_method_data[card][exp_year]': '2099',
          'payment_method_data[card][cvc]': '123',
        }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async advanceDays(days) {
      sandbox.clock.advance({ days });
      await harness.settled();
    },
    settled: () => sandbox.idle(),
    async events(type) {
      const rows = await service.ctx.runner.sql.query<{
        type: string;
        version: number;
        stream_id: string;
        data: Record<string, unknown>;
      }>(
        `SELECT type, event_version AS version, stream_id, data FROM "${service.ctx.schema}".events
         ${type ? 'WHERE type = $1' : ''} ORDER BY global_position`,
        type ? [type] : [],
      );
      return rows.map((r) => ({
        type: r.type,
        version: r.version,
        streamId: r.stream_id,
        data: r.data,
      }));
    },
    waitForEvent(type, where = () => true) {
      return waitFor(async () => (await harness.events(type)).find((e) => where(e.data)), {
        message: `a ${type} event`,
        timeoutMs: EVENT_WAIT_MS,
      });
    },
    async postWebhook(payload, { timestamp, secret = WEBHOOK_SECRET } = {}) {
      const res = await fetch(`${service.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(
            payload,
            secret,
            timestamp ?? Math.floor(Date.now() / 1000),
          ),
        },
        body: payload,
      });
      await res.arrayBuffer();
      return res.status;
    },
    async mails() {
      // Mails are queued with their decision and sent after commit: send the queued ones first.
      await service.mailWorker?.drain();
      const files = (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith('.json'));
      return Promise.all(
        files.sort().map(async (f) => JSON.parse(await readFile(join(mailDir, f), 'utf8'))),
      );
    },
    async stop() {
      sandbox.setWebhookUrl(null);
      await sandbox.stop();
      await service.stop();
      await proxy.close();
      await nats.cleanup();
      await db.drop();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Checkout of one tool with a card, as the browser does it: intent, card confirm, confirm-payment. */
export async function buyTool(
  harness: BillingHarness,
  caller: Caller,
  productId = 'manual-ceremonias',
  card: string = TEST_CARDS.visa,
) {
  const intent = await caller.call<{ clientSecret: string; paymentIntentId: string }>(
    'POST',
    '/api/create-payment-intent',
    { productId },
  );
  if (intent.status !== 200) throw new Error(`create-payment-intent: ${JSON.stringify(intent)}`);
  const confirmed = await harness.confirmCard(intent.body.clientSecret, card);
  const confirmation = await caller.call('POST', '/api/confirm-payment', {
    paymentIntentId: intent.body.paymentIntentId,
  });
  return { intent: intent.body, confirmed, confirmation };
}

/** A plan's checkout with a card: subscription, first invoice confirmed, confirm-payment. */
export async function subscribe(
  harness: BillingHarness,
  caller: Caller,
  planType: 'monthly' | 'annual' = 'monthly',
  card: string = TEST_CARDS.visa,
) {
  const created = await caller.call<{ clientSecret: string; subscriptionId: string }>(
    'POST',
    '/api/subscriptions',
    { priceId: `${planType}-subscription`, planType },
  );
  if (created.status !== 200) throw new Error(`subscriptions: ${JSON.stringify(created)}`);
  const confirmed = await harness.confirmCard(created.body.clientSecret, card);
  const paymentIntentId = created.body.clientSecret.split('_secret_')[0]!;
  const confirmation = await caller.call('POST', '/api/confirm-payment', { paymentIntentId });
  return { created: created.body, confirmed, confirmation, paymentIntentId };
}
