import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTool,
  EVENT_WAIT_MS,
  startBillingHarness,
  TEST_CARDS,
  type BillingHarness,
} from '../testing/billing-harness.fixture.js';

describe('tool checkout against the Stripe sandbox (real SDK)', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

  const succeededFor = async (paymentId: string) =>
    (await h.events('PaymentSucceeded')).filter((e) => e.data.paymentId === paymentId);

  it('4242: confirm-payment records the payment once, the webhook adds nothing, a receipt goes out', async () => {
    const buyer = await h.signIn({ name: 'Ana' });
    const { intent, confirmed, confirmation } = await buyTool(h, buyer);
    expect(confirmed.body.status).toBe('succeeded');
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toMatchObject({ status: 'succeeded' });
    const paymentId = confirmation.body.paymentId as string;

    await h.settled();
    const [paid, ...more] = await succeededFor(paymentId);
    expect(more).toEqual([]);
    expect(paid?.data).toMatchObject({
      userId: buyer.userId,
      purpose: { kind: 'product', productId: 'manual-ceremonias' },
      amountCents: 999,
      currency: 'usd',
      provider: 'sandbox',
      providerPaymentId: intent.paymentIntentId,
      description: 'Manual de Ceremonias Ministeriales',
      cardLast4: '4242',
      cardBrand: 'visa',
    });

    const receipt = await waitForMail(h, buyer.email, 'receipt');
    expect(receipt.subject).toContain('Manual de Ceremonias Ministeriales');
    expect(receipt.text).toMatch(/\$9\.99 USD/);
    expect(receipt.text).toContain('4242');

    const overview = await buyer.call('GET', '/api/billing');
    expect(overview.body).toMatchObject({
      plan: null,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 },
      invoices: [
        {
          id: paymentId,
          description: 'Manual de Ceremonias Ministeriales',
          amount: '9.99',
          status: 'succeeded',
        },
      ],
    });
  });

  it('a tool owned for life is refused with 409 and no second PaymentIntent', async () => {
    const buyer = await h.signIn();
    await buyTool(h, buyer, 'generador-sermones');
    const before = h.sandbox.state.paymentIntents.size;
    const again = await buyer.call('POST', '/api/create-payment-intent', {
      productId: 'generador-sermones',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_owned' });
    expect(again.body.message).toMatch(/Generador de Sermones.*de por vida/);
    expect(h.sandbox.state.paymentIntents.size).toBe(before);
  });

  it('an unknown product is a 400 "Producto Inválido"', async () => {
    const buyer = await h.signIn();
    const answer = await buyer.call('POST', '/api/create-payment-intent', { productId: 'nope' });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Producto Inválido' } });
  });

  it('0002: confirm-payment answers 402 with the provider message; PaymentFailed, nothing granted; a good card then pays the same intent', async () => {
    const buyer = await h.signIn();
    const declined = await buyTool(h, buyer, 'apocalipsis', TEST_CARDS.declined);
    expect(declined.confirmed.status).toBe(402);
    expect(declined.confirmation.status).toBe(402);
    expect(declined.confirmation.body).toMatchObject({
      message: 'Your card was declined.',
      code: 'generic_decline',
    });
    await h.settled();
    const failed = (await h.events('PaymentFailed')).filter((e) => e.data.userId === buyer.userId);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.data).toMatchObject({ code: 'generic_decline', amountCents: 999 });
    const paymentId = failed[0]!.data.paymentId as string;
    expect(await succeededFor(paymentId)).toEqual([]);

    // The checkout is resumed: same payment, same PaymentIntent, now with a card that works.
    const retry = await buyTool(h, buyer, 'apocalipsis', TEST_CARDS.visa);
    expect(retry.intent.paymentIntentId).toBe(declined.intent.paymentIntentId);
    expect(retry.confirmation.body).toMatchObject({ status: 'succeeded', paymentId });
    await h.settled();
    expect(await succeededFor(paymentId)).toHaveLength(1);
  });

  it('confirm-payment racing the webhook (and itself): one PaymentSucceeded', async () => {
    const buyer = await h.signIn();
    const intent = await buyer.call<{ clientSecret: string; paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId: 'cantar-cantares' },
    );
    // The card confirm fires the webhook; five confirm-payment calls race it.
    const [confirmed, ...answers] = await Promise.all([
      h.confirmCard(intent.body.clientSecret, TEST_CARDS.visa),
      ...Array.from({ length: 5 }, () =>
        buyer.call('POST', '/api/confirm-payment', {
          paymentIntentId: intent.body.paymentIntentId,
        }),
      ),
    ]);
    expect(confirmed.status).toBe(200);
    const late = await buyer.call('POST', '/api/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(late.body).toMatchObject({ status: 'succeeded' });
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    await h.settled();
    expect(await succeededFor(late.body.paymentId as string)).toHaveLength(1);
  });

  it("another user's PaymentIntent is not found (404), and records nothing", async () => {
    const owner = await h.signIn();
    const intruder = await h.signIn();
    const { intent } = await buyTool(h, owner, 'diccionario-biblico');
    await buyTool(h, intruder, 'apocalipsis');
    const answer = await intruder.call('POST', '/api/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
    });
    expect(answer.status).toBe(404);
    const unknown = await intruder.call('POST', '/api/confirm-payment', {
      paymentIntentId: 'pi_doesnotexist',
    });
    expect(unknown.status).toBe(404);
  });

  it('a provider timeout on create, retried with the same idempotency key: one PaymentIntent', async () => {
    const buyer = await h.signIn();
    // The sandbox creates the PaymentIntent; its answer is lost past billing's 5 s timeout.
    h.proxy.stallNext('POST', /^\/v1\/payment_intents$/, 6_000);
    const first = await buyer.call('POST', '/api/create-payment-intent', {
      productId: 'epistolas-pablo',
    });
    expect(first).toMatchObject({ status: 503, body: { code: 'provider_unavailable' } });
    const second = await buyer.call<{ paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId: 'epistolas-pablo' },
    );
    expect(second.status).toBe(200);

    const creates = h.proxy.seen.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    const keys = creates.slice(-2).map((r) => r.idempotencyKey);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
    const intents = [...h.sandbox.state.paymentIntents.values()].filter(
      (pi) =>
        pi.customer !== null &&
        pi.metadata?.productId === 'epistolas-pablo' &&
        pi.metadata.userId === buyer.userId,
    );
    expect(intents.map((pi) => pi.id)).toEqual([second.body.paymentIntentId]);
  }, 30_000);
});

function waitForMail(h: BillingHarness, to: string, kind: string) {
  return waitFor(async () => (await h.mails()).find((m) => m.to === to && m.kind === kind), {
    message: `a ${kind} mail to ${to}`,
    timeoutMs: EVENT_WAIT_MS,
  });
}
