import { randomUUID } from 'node:crypto';
import { priceIdFor, products } from '@mia/catalog';
import type { ProofStack } from './proof-stack.js';
import { cardConfirmForm } from '@mia/stripe-sandbox';

// Purchases as the browser makes them, through the gateway: create the PaymentIntent, confirm
// the card at the sandbox (the fields the sandbox card form posts, as Stripe.js does), then
// confirm-payment. Every answer is returned, never thrown, so a test can count the non-2xx.

export const CARDS = { pays: '4242424242424242', declined: '4000000000000002' } as const;

/** Tools sold on the checkout page (the others come with a plan). */
export const TOOLS_FOR_SALE = products.filter((p) => p.checkout).map((p) => p.id);

export interface Purchase {
  userId: string;
  productId: string;
  paymentIntentId: string | null;
  /** HTTP status of each step, in order; a failed step ends the purchase. */
  statuses: number[];
  /** confirm-payment's status field, when it answered. */
  outcome: string | null;
  elapsedMs: number;
  /** The longest single request of the purchase. */
  slowestStepMs: number;
}

/** The fields the sandbox card form posts, as Stripe.js does. */
const cardForm = (clientSecret: string, number: string) =>
  cardConfirmForm({ publishableKey: 'pk_test_sandbox', clientSecret, number });

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function buyTool(
  stack: ProofStack,
  productId: string,
  options: { userId?: string; card?: string; afterCard?: () => void | Promise<void> } = {},
): Promise<Purchase> {
  const userId = options.userId ?? randomUUID();
  const auth = { authorization: `Bearer ${await stack.sessionFor(userId)}` };
  const began = performance.now();
  const purchase: Purchase = {
    userId,
    productId,
    paymentIntentId: null,
    statuses: [],
    outcome: null,
    elapsedMs: 0,
    slowestStepMs: 0,
  };
  const timed = async <T>(step: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await step();
    } finally {
      purchase.slowestStepMs = Math.max(purchase.slowestStepMs, performance.now() - t0);
      purchase.elapsedMs = performance.now() - began;
    }
  };
  const post = (path: string, body: unknown) =>
    timed(async () => {
      const init = json(body);
      const res = await fetch(`${stack.gateway.url}${path}`, {
        ...init,
        headers: { ...init.headers, ...auth },
      });
      purchase.statuses.push(res.status);
      return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
    });

  const intent = await post('/api/create-payment-intent', { productId });
  if (!intent) return purchase;
  const id = String(intent.paymentIntentId);
  purchase.paymentIntentId = id;
  const card = await timed(() =>
    fetch(`${stack.gateway.url}/sandbox/stripe/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cardForm(String(intent.clientSecret), options.card ?? CARDS.pays),
    }),
  );
  await card.arrayBuffer();
  purchase.statuses.push(card.status);
  await options.afterCard?.();
  const confirmed = await post('/api/confirm-payment', { paymentIntentId: id });
  purchase.outcome = confirmed ? String(confirmed.status) : null;
  return purchase;
}

/** A plan bought as the checkout does: the subscription, then its first invoice's card. */
export async function buyPlan(
  stack: ProofStack,
  planType: 'monthly' | 'annual',
  options: { userId?: string } = {},
): Promise<{ userId: string; statuses: number[]; paid: boolean }> {
  const userId = options.userId ?? randomUUID();
  const res = await fetch(`${stack.gateway.url}/api/subscriptions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await stack.sessionFor(userId)}`,
    },
    body: JSON.stringify({ priceId: priceIdFor(planType), planType }),
  });
  if (!res.ok) return { userId, statuses: [res.status], paid: false };
  const { clientSecret } = (await res.json()) as { clientSecret: string };
  const id = clientSecret.split('_secret_')[0]!;
  const card = await fetch(`${stack.gateway.url}/sandbox/stripe/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: cardForm(clientSecret, CARDS.pays),
  });
  await card.arrayBuffer();
  return { userId, statuses: [res.status, card.status], paid: card.ok };
}

/** `count` purchases, `concurrency` at a time, each a new customer buying a tool. */
export async function buyMany(
  stack: ProofStack,
  count: number,
  concurrency: number,
  options: {
    pick?: (i: number) => string;
    onDone?: (done: number) => void;
    afterCard?: () => void | Promise<void>;
  } = {},
): Promise<Purchase[]> {
  const pick = options.pick ?? ((i: number) => TOOLS_FOR_SALE[i % TOOLS_FOR_SALE.length]!);
  const done: Purchase[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        done.push(await buyTool(stack, pick(i), { afterCard: options.afterCard }));
        options.onDone?.(done.length);
      }
    }),
  );
  return done;
}

/** Resolves when the sandbox has no webhook left to deliver (or retry). */
export async function webhooksDelivered(stack: ProofStack, timeoutMs = 60_000): Promise<void> {
  const res = await stack.sandboxControl('GET', `/_webhooks/idle?timeout_ms=${timeoutMs}`);
  if (!res.ok) throw new Error(`sandbox webhooks still pending: ${await res.text()}`);
}

/** Webhook delivery attempts the sandbox made since `since` (ISO time), with their answers. */
export async function webhookAttemptsSince(
  stack: ProofStack,
  since: string,
): Promise<{ type: string; status: number | null; error?: string }[]> {
  const log = (await (await stack.sandboxControl('GET', '/_webhooks')).json()) as {
    deliveries: {
      type: string;
      attempts: { at: string; status: number | null; error?: string }[];
    }[];
  };
  return log.deliveries.flatMap((d) =>
    d.attempts
      .filter((a) => a.at >= since)
      .map((a) => ({ type: d.type, status: a.status, ...(a.error ? { error: a.error } : {}) })),
  );
}

export interface SandboxDelivery {
  eventId: string;
  type: string;
  objectId: string | null;
  state: 'pending' | 'delivered' | 'failed' | 'not_sent';
  attempts: { at: string; status: number | null; error?: string }[];
}

/** The sandbox's record of each webhook delivery (newest first), with every attempt's answer. */
export async function webhookDeliveries(stack: ProofStack): Promise<SandboxDelivery[]> {
  const log = (await (await stack.sandboxControl('GET', '/_webhooks')).json()) as {
    deliveries: SandboxDelivery[];
  };
  return log.deliveries;
}

/** Every HTTP answer was 2xx. */
export const all2xx = (statuses: readonly (number | null)[]): boolean =>
  statuses.every((s) => s !== null && s >= 200 && s < 300);

/**
 * The card paid at the provider and the browser gone before confirm-payment: only the
 * provider's webhooks can tell billing (the scenarios where they arrive late or out of order).
 */
export async function payAtProvider(
  stack: ProofStack,
  productId: string,
  options: { userId?: string; card?: string } = {},
): Promise<{ userId: string; paymentIntentId: string; cardStatus: number }> {
  const userId = options.userId ?? randomUUID();
  const res = await fetch(`${stack.gateway.url}/api/create-payment-intent`, {
    ...json({ productId }),
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await stack.sessionFor(userId)}`,
    },
  });
  if (!res.ok) throw new Error(`create-payment-intent answered ${res.status}`);
  const intent = (await res.json()) as { paymentIntentId: string; clientSecret: string };
  const card = await fetch(
    `${stack.gateway.url}/sandbox/stripe/v1/payment_intents/${intent.paymentIntentId}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cardForm(intent.clientSecret, options.card ?? CARDS.pays),
    },
  );
  await card.arrayBuffer();
  return { userId, paymentIntentId: intent.paymentIntentId, cardStatus: card.status };
}

/** POST /api/confirm-payment as the browser sends it, its answer returned. */
export async function confirmPayment(
  stack: ProofStack,
  userId: string,
  paymentIntentId: string,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const res = await fetch(`${stack.gateway.url}/api/confirm-payment`, {
    ...json({ paymentIntentId }),
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await stack.sessionFor(userId)}`,
      'idempotency-key': randomUUID(),
    },
  });
  const text = await res.text();
  let body: Record<string, unknown> | null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}
