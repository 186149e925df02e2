import { randomUUID } from 'node:crypto';
import { startProviderProxy, waitFor, type ProviderProxy } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxClient } from './ledger/provider.js';
import { readAccess, readBilling } from './ledger/services.js';
import { startProofStack, type ProofStack } from './support/proof-stack.js';
import { BALANCED, ledgerSummary, settledLedger } from './support/settle.js';
import {
  buyPlan,
  buyTool,
  CARDS,
  confirmPayment,
  payAtProvider,
  webhooksDelivered,
} from './support/shop.js';
import {
  signAt,
  startWebhookTap,
  type CapturedWebhook,
  type WebhookTap,
} from './support/webhook-tap.js';

// Scenarios 3, 7, 8, 9 and 11 of the proof on one stack: genuine webhooks the sandbox signed,
// captured by a tap between the sandbox and billing, delivered again, held back and delivered in
// a chosen order, or forged; and billing's calls to the provider through a proxy that loses an
// answer. Each test ends with the ledger (the ledger covers every payment of the stack so far).

const DISPUTE_CARD = '4000000000000259';
/** Billing gives up on a provider call after this long (and retries it with the same key). */
const PROVIDER_TIMEOUT_MS = 2_000;
/** Billing's own retries of a provider call (its default), each with the same key. */
const MAX_NETWORK_RETRIES = 2;

describe('webhooks repeated, forged, late and out of order; a provider timeout', () => {
  let stack: ProofStack;
  let proxy: ProviderProxy;
  let tap: WebhookTap;
  beforeAll(async () => {
    proxy = await startProviderProxy();
    stack = await startProofStack({
      env: {
        billing: {
          STRIPE_SANDBOX_URL: proxy.url,
          STRIPE_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
          STRIPE_MAX_NETWORK_RETRIES: String(MAX_NETWORK_RETRIES),
        },
      },
    });
    proxy.setTarget(stack.sandbox.url);
    tap = await startWebhookTap(stack);
  }, 120_000);
  afterAll(async () => {
    await tap?.close();
    await stack?.stop();
    await proxy?.close();
  });

  const captured = (type: string, pred: (h: CapturedWebhook) => boolean) =>
    waitFor(async () => tap.captured.find((h) => h.type === type && pred(h)), {
      timeoutMs: 15_000,
      message: `the sandbox sent ${type}`,
    });

  /** Delivers what the tap held, in the given order, each answered 2xx before the next. */
  async function deliverInOrder(hooks: readonly CapturedWebhook[]): Promise<void> {
    for (const hook of hooks) {
      const answer = await tap.deliver(hook, { direct: true });
      expect(answer.status, `${hook.type} ${hook.id}`).toBe(200);
    }
  }

  it('3: one webhook 20 times at once, racing confirm-payment: one payment', async () => {
    tap.hold = true;
    const paid = await payAtProvider(stack, 'cantar-cantares');
    const hook = await captured(
      'payment_intent.succeeded',
      (h) => h.objectId === paid.paymentIntentId,
    );
    await webhooksDelivered(stack);
    tap.hold = false;
    const others = tap.takeHeld().filter((h) => h !== hook);

    const [deliveries, confirms] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => tap.deliver(hook))),
      Promise.all(
        Array.from({ length: 3 }, () => confirmPayment(stack, paid.userId, paid.paymentIntentId)),
      ),
    ]);
    await deliverInOrder(others);

    expect(deliveries.map((d) => d.status)).toEqual(Array(20).fill(200));
    const outcomes = deliveries.map((d) => d.body?.outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    for (const c of confirms) expect([200, 409]).toContain(c.status);
    const late = await confirmPayment(stack, paid.userId, paid.paymentIntentId);
    expect(late.body).toMatchObject({ status: 'succeeded' });

    const payments = (await readBilling(stack.db.url)).filter(
      (p) => p.providerPaymentId === paid.paymentIntentId,
    );
    expect(payments.map((p) => p.status)).toEqual(['succeeded']);
    expect(ledgerSummary(await settledLedger(stack))).toEqual(BALANCED);
  }, 60_000);

  it('8: a refund and a lost dispute delivered before the payment they belong to', async () => {
    const stripe = sandboxClient(stack.sandbox.url, stack.sandboxKey);
    tap.hold = true;
    const refunded = await payAtProvider(stack, 'epistolas-pablo');
    const disputed = await payAtProvider(stack, 'apocalipsis', { card: DISPUTE_CARD });
    expect([refunded.cardStatus, disputed.cardStatus]).toEqual([200, 200]);
    await stripe.refunds.create({ payment_intent: refunded.paymentIntentId });
    const opened = await captured('charge.dispute.created', () => true);
    await stack.sandboxControl('POST', `/_dispute/${opened.objectId}/close`, { outcome: 'lost' });
    await captured('charge.dispute.closed', (h) => h.objectId === opened.objectId);
    await webhooksDelivered(stack);
    tap.hold = false;

    // The charge's news first, then the payment's own events.
    const held = tap.takeHeld();
    const news = held.filter(
      (h) => h.type.startsWith('charge.refund') || h.type.startsWith('charge.dispute'),
    );
    const rest = held.filter((h) => !news.includes(h));
    expect(news.map((h) => h.type)).toEqual(
      expect.arrayContaining([
        'charge.refunded',
        'charge.dispute.created',
        'charge.dispute.closed',
      ]),
    );
    expect(rest.map((h) => h.type)).toContain('payment_intent.succeeded');
    await deliverInOrder([...news, ...rest]);

    const report = await settledLedger(stack);
    expect(ledgerSummary(report)).toEqual(BALANCED);
    const billing = await readBilling(stack.db.url);
    const of = (pi: string) => billing.find((p) => p.providerPaymentId === pi);
    // Recorded after all, with the news that came first (the ledger checks the dispute's verdict).
    expect(of(refunded.paymentIntentId)).toMatchObject({ status: 'refunded', refundedCents: 999 });
    expect(of(disputed.paymentIntentId)).toMatchObject({ amountCents: 999 });
    const { grants } = await readAccess(stack.db.url);
    const active = grants.filter(
      (g) => [refunded.userId, disputed.userId].includes(g.userId) && g.status === 'active',
    );
    expect(active).toEqual([]);
  }, 60_000);

  it('9: forged, stale and replayed webhooks change nothing; a declined card claimed as paid is not', async () => {
    const bought = await buyTool(stack, 'diccionario-biblico');
    expect(bought.outcome).toBe('succeeded');
    const genuine = await captured(
      'payment_intent.succeeded',
      (h) => h.objectId === bought.paymentIntentId,
    );
    const now = Math.floor(Date.now() / 1000);
    const forged = await tap.deliver(genuine, {
      signature: signAt(genuine.body, now, 'whsec_not_the_providers'),
    });
    const altered = await tap.deliver({
      ...genuine,
      body: genuine.body.replace(/"amount": \d+/, '"amount": 1'),
    });
    const stale = await tap.deliver(genuine, { signature: signAt(genuine.body, now - 600) });
    const unsigned = await tap.deliver(genuine, { signature: '' });
    expect([forged, altered, stale, unsigned].map((d) => d.status)).toEqual([400, 400, 400, 400]);
    // The genuine delivery first reaches billing (the sandbox sent it while the test went on);
    // a replay after it must change nothing.
    await waitFor(
      () => tap.captured.some((h) => h.id === genuine.id && h.passedOn?.status === 200),
      {
        message: 'billing to answer the genuine webhook',
      },
    );
    const replayed = await tap.deliver(genuine);
    expect(replayed).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });

    const declined = await buyTool(stack, 'generador-sermones', { card: CARDS.declined });
    expect(declined.statuses.at(-1)).toBe(402);
    const claim = await confirmPayment(stack, declined.userId, declined.paymentIntentId!);
    expect(claim.status).toBe(402);
    // A success forged for the declined intent, signed with a guessed secret.
    const failed = await captured(
      'payment_intent.payment_failed',
      (h) => h.objectId === declined.paymentIntentId,
    );
    const lie = failed.body
      .replace('"payment_intent.payment_failed"', '"payment_intent.succeeded"')
      .replace('"evt_', '"evt_forged');
    const forgedSuccess = await tap.deliver({
      ...failed,
      body: lie,
      signature: signAt(lie, now, 'whsec_guessed'),
    });
    expect(forgedSuccess.status).toBe(400);

    expect(ledgerSummary(await settledLedger(stack))).toEqual(BALANCED);
    const billing = await readBilling(stack.db.url);
    expect(billing.filter((p) => p.userId === declined.userId && p.status === 'succeeded')).toEqual(
      [],
    );
    expect(billing.filter((p) => p.providerPaymentId === bought.paymentIntentId)).toHaveLength(1);
  }, 60_000);

  it('11: a provider timeout on create is retried with the same idempotency key: one charge', async () => {
    const userId = randomUUID();
    const before = proxy.seen.length;
    // The sandbox creates the PaymentIntent, but every answer comes after billing gave up: its
    // own retries (same key) time out too, and the browser hears 503.
    for (let i = 0; i <= MAX_NETWORK_RETRIES; i++)
      proxy.stallNext('POST', /^\/v1\/payment_intents$/, PROVIDER_TIMEOUT_MS + 1_500);
    const first = await fetch(`${stack.gateway.url}/api/create-payment-intent`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await stack.sessionFor(userId)}`,
      },
      body: JSON.stringify({ productId: 'manual-ceremonias' }),
    });
    expect(first.status).toBe(503);
    // The customer tries again: the same purchase, the same key, the provider's first intent.
    const bought = await buyTool(stack, 'manual-ceremonias', { userId });
    expect(bought.outcome).toBe('succeeded');

    const creates = proxy.seen
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates.length).toBe(MAX_NETWORK_RETRIES + 2);
    expect(creates[0]!.idempotencyKey).toBeDefined();
    expect(new Set(creates.map((r) => r.idempotencyKey)).size).toBe(1);
    const intents = await sandboxClient(stack.sandbox.url, stack.sandboxKey).paymentIntents.list({
      limit: 100,
    });
    const hers = intents.data.filter((pi) => pi.metadata?.userId === userId);
    expect(hers.map((pi) => pi.id)).toEqual([bought.paymentIntentId]);
    expect(ledgerSummary(await settledLedger(stack))).toEqual(BALANCED);
  }, 60_000);

  it('7: subscription events out of order: access ends as the provider says', async () => {
    const stripe = sandboxClient(stack.sandbox.url, stack.sandboxKey);
    tap.hold = true;
    // Renewed: bought, then a month on the sandbox's clock.
    const renewed = await buyPlan(stack, 'monthly');
    await webhooksDelivered(stack);
    await stack.sandboxControl('POST', '/_clock/advance', { days: 31 });
    // Canceled at the provider right after its first payment.
    const canceled = await buyPlan(stack, 'monthly');
    expect([renewed.paid, canceled.paid]).toEqual([true, true]);
    const subs = await stripe.subscriptions.list({ limit: 100, status: 'all' });
    const subOf = (userId: string) => subs.data.find((s) => s.metadata?.userId === userId)!;
    await stripe.subscriptions.cancel(subOf(canceled.userId).id);
    await webhooksDelivered(stack);
    tap.hold = false;

    // Newest first: deleted before paid, the renewal before the activation, updated before created.
    const reversed = tap.takeHeld().reverse();
    const position = (type: string, objectId: string) =>
      reversed.findIndex((h) => h.type === type && h.objectId === objectId);
    const renewedSub = subOf(renewed.userId).id;
    const canceledSub = subOf(canceled.userId).id;
    expect(position('customer.subscription.deleted', canceledSub)).toBeLessThan(
      position('customer.subscription.created', canceledSub),
    );
    expect(position('customer.subscription.updated', renewedSub)).toBeLessThan(
      position('customer.subscription.created', renewedSub),
    );
    expect(reversed.filter((h) => h.type === 'invoice.paid').length).toBeGreaterThanOrEqual(3);
    await deliverInOrder(reversed);

    const report = await settledLedger(stack);
    expect(ledgerSummary(report)).toEqual(BALANCED);
    const now = await stripe.subscriptions.list({ limit: 100, status: 'all' });
    const status = (id: string) => now.data.find((s) => s.id === id)?.status;
    expect([status(renewedSub), status(canceledSub)]).toEqual(['active', 'canceled']);
    const { grants } = await readAccess(stack.db.url);
    const activePlan = (userId: string) =>
      grants.some(
        (g) => g.userId === userId && g.sourceKind !== 'product' && g.status === 'active',
      );
    expect([activePlan(renewed.userId), activePlan(canceled.userId)]).toEqual([true, false]);
  }, 60_000);
});
