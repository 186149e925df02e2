import { couponRoutes } from './resources/coupons.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomSecretKey, secretKeyProblem } from './access.js';
import { createClock, DAY } from './clock.js';
import { createControl } from './control.js';
import { createCore, type CoreOptions, type Log } from './core.js';
import { catalogRoutes } from './resources/catalog.js';
import { chargeRoutes } from './resources/charges.js';
import { customerRoutes } from './resources/customers.js';
import { disputeRoutes } from './resources/disputes.js';
import { eventRoutes } from './resources/events.js';
import { invoiceRoutes } from './resources/invoices.js';
import { paymentIntentRoutes } from './resources/payment-intents.js';
import { paymentMethodRoutes } from './resources/payment-methods.js';
import { setupIntentRoutes } from './resources/setup-intents.js';
import { subscriptionRoutes } from './resources/subscriptions.js';
import { runUntil } from './scheduler.js';
import { createRequestHandler } from './server.js';
import { createState, type SandboxState } from './state.js';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher, type DeliveryRecord } from './webhooks.js';

export const SANDBOX_DEFAULTS = {
  publishableKey: 'pk_test_sandbox',
  webhookSecret: 'whsec_sandbox_development_secret',
  host: '127.0.0.1',
  port: 12111,
  pathPrefix: '/sandbox/stripe',
  disputeDelayMs: 2_000,
  dunningRetryDays: [1, 3, 5],
  tickMs: 30_000,
} as const;

export interface StripeSandboxOptions {
  /** The key servers call with; default a random one for this sandbox (see `secretKey`). */
  secretKey?: string;
  publishableKey?: string;
  /** Where events are POSTed; null or absent: stored only (GET /v1/events). */
  webhookUrl?: string | null;
  webhookSecret?: string;
  /** Wait before each retry of a failed delivery; its length + 1 attempts in all. */
  webhookRetryDelaysMs?: readonly number[];
  webhookTimeoutMs?: number;
  /** Where the sandbox clock starts (default: now); it runs with the wall clock from there. */
  clockStart?: Date | number;
  /** Wall-clock delay before a 0259 card's dispute opens. */
  disputeDelayMs?: number;
  /** Days after a failed renewal at which it is retried; after the last, the subscription ends. */
  dunningRetryDays?: readonly number[];
  /** How often what fell due with the passing of real time is done (0: only on /_clock/advance). */
  tickMs?: number;
  /** Extra path prefix also answered (`/sandbox/stripe/v1/...`); '' for none. */
  pathPrefix?: string;
  host?: string;
  /** The sandbox's public base URL (receipt links); default its own address. */
  publicUrl?: string;
  /**
   * Origins whose pages may call the sandbox directly (`http://localhost:5173`); default none.
   * Requests without an Origin (servers, the gateway, which checks its own) always may.
   */
  allowedOrigins?: readonly string[];
  log?: Log;
}

export interface SandboxClockControl {
  /** The sandbox's now, in unix seconds. */
  now(): number;
  /** Moves the clock forward, renewing, retrying and ending subscriptions on the way. */
  advance(by: { days?: number; seconds?: number }): { now: number; processed: number };
}

export interface StripeSandbox {
  /** The secret key servers must present, control endpoints included. */
  readonly secretKey: string;
  readonly publishableKey: string;
  start(port?: number): Promise<{ url: string; port: number }>;
  stop(): Promise<void>;
  readonly clock: SandboxClockControl;
  readonly state: SandboxState;
  /** Where webhooks go; may be set after start (e.g. once the receiver's port is known). */
  setWebhookUrl(url: string | null): void;
  /** Every webhook delivery and its attempts, newest first. */
  deliveries(): DeliveryRecord[];
  /** Resolves when nothing is pending: no webhook delivery or retry, no dispute about to open. */
  idle(): Promise<void>;
  /** Same as idle(). */
  flush(): Promise<void>;
}

const silent: Log = () => {};

export function createStripeSandbox(options: StripeSandboxOptions = {}): StripeSandbox {
  const log = options.log ?? silent;
  const secretKey = options.secretKey ?? randomSecretKey();
  const keyProblem = secretKeyProblem(secretKey);
  if (keyProblem) throw new Error(`The sandbox's secret key ${keyProblem}.`);
  const coreOptions: CoreOptions = {
    secretKey,
    publishableKey: options.publishableKey ?? SANDBOX_DEFAULTS.publishableKey,
    disputeDelayMs: options.disputeDelayMs ?? SANDBOX_DEFAULTS.disputeDelayMs,
    dunningRetryDays: options.dunningRetryDays ?? SANDBOX_DEFAULTS.dunningRetryDays,
    publicUrl: options.publicUrl ?? '',
  };
  const state = createState();
  const clock = createClock(options.clockStart);
  const webhooks = new WebhookDispatcher({
    url: options.webhookUrl ?? null,
    secret: options.webhookSecret ?? SANDBOX_DEFAULTS.webhookSecret,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    log,
  });
  const core = createCore({
    state,
    clock,
    options: coreOptions,
    log,
    onEvent: (e) => webhooks.enqueue(e),
  });
  const handler = createRequestHandler({
    core,
    routes: [
      ...customerRoutes,
      ...catalogRoutes,
      ...paymentIntentRoutes,
      ...paymentMethodRoutes,
      ...setupIntentRoutes,
      ...subscriptionRoutes,
      ...invoiceRoutes,
      ...chargeRoutes,
      ...disputeRoutes,
      ...eventRoutes,
      ...couponRoutes,
    ],
    control: createControl(core, webhooks),
    pathPrefix: options.pathPrefix ?? SANDBOX_DEFAULTS.pathPrefix,
    allowedOrigins: options.allowedOrigins ?? [],
  });

  let server: Server | null = null;
  let ticker: NodeJS.Timeout | null = null;

  const idle = async () => {
    while (core.pendingTasks() > 0 || webhooks.pending() > 0) {
      await new Promise<void>((resolve) => core.onTasksDone(resolve));
      await webhooks.idle();
    }
  };

  return {
    secretKey,
    publishableKey: coreOptions.publishableKey,
    state,
    clock: {
      now: () => clock.now(),
      advance(by) {
        const seconds = Math.round((by.days ?? 0) * DAY) + (by.seconds ?? 0);
        if (seconds < 0) throw new Error('The sandbox clock only moves forward');
        const processed = runUntil(core, clock.now() + seconds);
        return { now: clock.now(), processed };
      },
    },
    setWebhookUrl: (url) => webhooks.setUrl(url),
    deliveries: () => webhooks.deliveries(),
    idle,
    flush: idle,
    async start(port = 0) {
      if (server) throw new Error('The sandbox is already started');
      const host = options.host ?? SANDBOX_DEFAULTS.host;
      const listening = createServer(handler);
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => resolve());
      });
      server = listening;
      const bound = (listening.address() as AddressInfo).port;
      const url = `http://${host}:${bound}`;
      if (!coreOptions.publicUrl) coreOptions.publicUrl = url;
      const tickMs = options.tickMs ?? SANDBOX_DEFAULTS.tickMs;
      if (tickMs > 0) {
        ticker = setInterval(() => runUntil(core, clock.now()), tickMs);
        ticker.unref();
      }
      log('info', 'stripe sandbox listening', { url });
      return { url, port: bound };
    },
    async stop() {
      if (ticker) clearInterval(ticker);
      ticker = null;
      core.stop();
      webhooks.stop();
      const closing = server;
      server = null;
      if (!closing) return;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    },
  };
}
