import { randomUUID } from 'node:crypto';
import { dashboardResponseSchema } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type TestSystem } from '../support/system.js';
import { cardConfirmForm } from '@mia/stripe-sandbox';
import { startOtlpReceiver, tracingEnv, type OtlpReceiver } from '../support/otlp-receiver.js';
import { expectPurchaseTrace } from '../support/purchase-trace.js';

// The money path across real processes, with no keys: the browser's calls through the gateway,
// the card confirmed at the Stripe sandbox the way Stripe.js confirms it, billing recording the
// payment, access granting the tool, and the dashboard showing it owned with its payment.
describe('a purchase in sandbox mode ends with a usable tool', () => {
  let system: TestSystem;
  // Tracing on (OTLP to a receiver in this process): the purchase must also read as one trace.
  let traces: OtlpReceiver;
  beforeAll(async () => {
    traces = await startOtlpReceiver();
    system = await startSystem({ env: tracingEnv(traces) });
  });
  afterAll(async () => {
    await system?.stop();
    await traces?.close();
  });

  async function signUp(): Promise<string> {
    const res = await fetch(`${system.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: system.baseUrl },
      body: JSON.stringify({
        name: 'Pastor Pablo',
        username: `pablo${randomUUID().slice(0, 8)}`,
        email: `pablo.${randomUUID().slice(0, 8)}@iglesia.org`,
        password: 'Gracia-y-Paz-2026',
      }),
    });
    expect(res.status).toBe(201);
    return res.headers.get('set-cookie')?.split(';')[0] ?? '';
  }

  const call = (cookie: string, path: string, body?: unknown) =>
    fetch(`${system.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: system.baseUrl, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** What the checkout's sandbox card form posts, field for field as Stripe.js does. */
  async function confirmCard(clientSecret: string, card: string) {
    const config = (await (await fetch(`${system.baseUrl}/api/billing/config`)).json()) as {
      sandbox: boolean;
      publishableKey: string;
    };
    expect(config.sandbox).toBe(true);
    const intentId = clientSecret.split('_secret_')[0]!;
    const form = cardConfirmForm({
      publishableKey: config.publishableKey,
      clientSecret,
      number: card,
    });
    const res = await fetch(
      `${system.baseUrl}/sandbox/stripe/v1/payment_intents/${intentId}/confirm`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      },
    );
    return { intentId, status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const dashboard = async (cookie: string) =>
    dashboardResponseSchema.parse(await (await call(cookie, '/api/dashboard')).json());

  it('4242 pays: the tool is owned, opens, and the payment shows as succeeded', async () => {
    const cookie = await signUp();
    const before = await dashboard(cookie);
    expect(before.availableProducts).toHaveLength(14);
    expect(before.availableProducts.find((p) => p.id === 'manual-ceremonias')?.purchased).toBe(
      false,
    );
    expect((await call(cookie, '/api/access-gpt', { productId: 'manual-ceremonias' })).status).toBe(
      403,
    );

    const created = await call(cookie, '/api/create-payment-intent', {
      productId: 'manual-ceremonias',
    });
    expect(created.status).toBe(200);
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const confirmed = await confirmCard(clientSecret, '4242424242424242');
    expect(confirmed.body.status).toBe('succeeded');
    const recorded = await call(cookie, '/api/confirm-payment', {
      paymentIntentId: confirmed.intentId,
    });
    expect(recorded.status).toBe(200);
    expect(await recorded.json()).toMatchObject({ status: 'succeeded' });

    const owned = await waitFor(
      async () => {
        const d = await dashboard(cookie);
        return d.availableProducts.find((p) => p.id === 'manual-ceremonias')?.purchased &&
          d.payments.length === 1
          ? d
          : undefined;
      },
      { message: 'the tool owned on the dashboard', timeoutMs: 15_000 },
    );
    expect(owned.payments[0]).toMatchObject({ amount: '9.99', status: 'succeeded' });
    expect(owned.availableProducts.filter((p) => p.purchased)).toHaveLength(1);

    const opened = await call(cookie, '/api/access-gpt', { productId: 'manual-ceremonias' });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ totalUsage: 1 });
    // Buying it again is refused, never charged twice.
    expect(
      (await call(cookie, '/api/create-payment-intent', { productId: 'manual-ceremonias' })).status,
    ).toBe(409);

    // One trace from the browser's confirmation to access's grant, across three services.
    await expectPurchaseTrace(traces, confirmed.intentId);
  });

  it('a declined card shows the provider message and grants nothing', async () => {
    const cookie = await signUp();
    const created = await call(cookie, '/api/create-payment-intent', {
      productId: 'generador-sermones',
    });
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const declined = await confirmCard(clientSecret, '4000000000000002');
    expect(declined.status).toBe(402);
    const recorded = await call(cookie, '/api/confirm-payment', {
      paymentIntentId: declined.intentId,
    });
    expect(recorded.status).toBe(402);
    expect(((await recorded.json()) as { message: string }).message).toMatch(/declined/i);
    const d = await dashboard(cookie);
    expect(d.availableProducts.some((p) => p.purchased)).toBe(false);
  });

  it('the sandbox is closed: its own key of this run, and the gateway passes only the card form and the clock', async () => {
    const key = system.sandboxSecretKey!;
    expect(key).toMatch(/^sk_test_[0-9a-f]{48}$/);
    const customers = await fetch(`${system.baseUrl}/sandbox/stripe/v1/customers`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(customers.status).toBe(404);
    const advance = (headers: Record<string, string>) =>
      fetch(`${system.baseUrl}/sandbox/stripe/_clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ seconds: 1 }),
      });
    expect((await advance({})).status).toBe(401);
    expect((await advance({ authorization: 'Bearer sk_test_sandbox' })).status).toBe(401);
    expect((await advance({ authorization: `Bearer ${key}` })).status).toBe(200);
    const webhooks = await fetch(`${system.sandboxUrl}/_webhooks`);
    expect(webhooks.status).toBe(401);
  });
});
