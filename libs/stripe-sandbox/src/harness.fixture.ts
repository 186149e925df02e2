import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { cardFields } from './card-form.js';
import { createStripeSandbox, type StripeSandbox, type StripeSandboxOptions } from './index.js';

export const WEBHOOK_SECRET = 'whsec_test_sandbox_secret';

export interface TestSandbox {
  sandbox: StripeSandbox;
  stripe: Stripe;
  url: string;
  /** A POST the way Stripe.js sends it from the browser: form fields, publishable key, no bearer. */
  browserPost<T = unknown>(
    path: string,
    fields: Record<string, string>,
  ): Promise<{ status: number; body: T }>;
  /** A control endpoint (`/_...`) called with the sandbox's secret key. */
  control<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/** A sandbox on an ephemeral port, no background tick, quick disputes and retries. */
export async function startSandbox(options: StripeSandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = createStripeSandbox({
    tickMs: 0,
    disputeDelayMs: 5,
    webhookRetryDelaysMs: [10, 20],
    webhookSecret: WEBHOOK_SECRET,
    ...options,
  });
  const { url, port } = await sandbox.start();
  const stripe = new Stripe(sandbox.secretKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    sandbox,
    stripe,
    url,
    async browserPost<T>(path: string, fields: Record<string, string>) {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: sandbox.publishableKey, ...fields }),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    async control<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${sandbox.secretKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    close: () => sandbox.stop(),
  };
}

export { cardFields };

/** Confirms a client secret from "the browser" with a typed card. */
export function confirmWithCard<T = unknown>(t: TestSandbox, clientSecret: string, number: string) {
  const id = clientSecret.split('_secret_')[0]!;
  const kind = id.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
  return t.browserPost<T>(`/sandbox/stripe/v1/${kind}/${id}/confirm`, {
    client_secret: clientSecret,
    ...cardFields(number),
  });
}

export interface Received {
  body: string;
  signature: string;
  event: Stripe.Event;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  types(): string[];
  close(): Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A stand-in for billing's webhook endpoint: records every delivery, and answers 500 to the
 * first `failFirst` deliveries of each event.
 */
export async function startReceiver(failFirst = 0): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    void readAll(req).then((body) => {
      const event = JSON.parse(body) as Stripe.Event;
      received.push({ body, signature: String(req.headers['stripe-signature']), event });
      const count = (seen.get(event.id) ?? 0) + 1;
      seen.set(event.id, count);
      res.writeHead(count <= failFirst ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    received,
    types: () => received.map((r) => r.event.type),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A product and a recurring price, as billing makes them from the catalogue. */
export async function makePlan(stripe: Stripe, interval: 'month' | 'year', unitAmount: number) {
  const product = await stripe.products.create({ name: `Plan ${interval}` });
  return stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: unitAmount,
    recurring: { interval },
    lookup_key: `plan_${interval}_${unitAmount}`,
  });
}
