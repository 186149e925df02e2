import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardConfirmForm, createStripeSandbox, type StripeSandbox } from '@mia/stripe-sandbox';
import { loadGatewayConfig } from './config.js';
import {
  deadUrl,
  request,
  startFakeService,
  startGateway,
  type FakeService,
  type TestGateway,
} from './harness.fixture.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_BODY = { 'content-type': 'application/json' };

describe('the Stripe sandbox behind /sandbox/stripe', () => {
  let sandbox: FakeService;
  let gateway: TestGateway;
  let without: TestGateway;
  beforeAll(async () => {
    sandbox = await startFakeService('sandbox');
    const dead = await deadUrl();
    const upstreams = { identity: dead, billing: dead, access: dead, support: dead };
    gateway = await startGateway(upstreams, { STRIPE_SANDBOX_URL: sandbox.url });
    without = await startGateway(upstreams);
  });
  afterAll(async () => {
    await gateway?.close();
    await without?.close();
    await sandbox?.close();
  });

  it('forwards the browser confirm with its path and form body, and nothing of the session', async () => {
    const body = 'key=pk_test_sandbox&client_secret=pi_1_secret_2';
    const res = await request(`${gateway.url}/sandbox/stripe/v1/payment_intents/pi_1/confirm`, {
      method: 'POST',
      headers: { ...FORM, cookie: 'mia_session=secret', origin: new URL(gateway.url).origin },
      body,
    });
    expect(res.status).toBe(200);
    const seen = sandbox.seen.at(-1);
    expect(seen?.url).toBe('/sandbox/stripe/v1/payment_intents/pi_1/confirm');
    expect(seen?.body.toString()).toBe(body);
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers.origin).toBeUndefined();
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it('is absent without a sandbox (the path falls through to the site)', async () => {
    const before = sandbox.seen.length;
    const res = await request(`${without.url}/sandbox/stripe/v1/payment_intents/pi_1/confirm`, {
      method: 'POST',
      body: 'x=1',
    });
    expect(res.status).not.toBe(200);
    expect(sandbox.seen).toHaveLength(before);
  });

  it('production refuses a sandbox', () => {
    expect(() =>
      loadGatewayConfig({
        MIA_ENV: 'production',
        IDENTITY_URL: 'http://identity:8081',
        BILLING_URL: 'http://billing:8082',
        ACCESS_URL: 'http://access:8083',
        SUPPORT_URL: 'http://support:8084',
        STRIPE_SANDBOX_URL: 'http://sandbox:12111',
      }),
    ).toThrow(/STRIPE_SANDBOX_URL/);
  });
});

describe('a closed sandbox through the gateway', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let gateway: TestGateway;
  let sandboxUrl: string;
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const confirmPath = (id: string) => `/sandbox/stripe/v1/payment_intents/${id}/confirm`;
  const post = (path: string, headers: Record<string, string>, body: string) =>
    request(`${gateway.url}${path}`, { method: 'POST', headers, body });
  const paid = async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    const form = cardConfirmForm({
      publishableKey: sandbox.publishableKey,
      clientSecret: intent.client_secret!,
      number: '4242424242424242',
    });
    expect((await post(confirmPath(intent.id), FORM, form.toString())).status).toBe(200);
    return intent;
  };

  beforeAll(async () => {
    sandbox = createStripeSandbox({ tickMs: 0 });
    const { url, port } = await sandbox.start();
    sandboxUrl = url;
    stripe = new Stripe(sandbox.secretKey, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const dead = await deadUrl();
    gateway = await startGateway(
      { identity: dead, billing: dead, access: dead, support: dead },
      { STRIPE_SANDBOX_URL: url },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await sandbox?.stop();
  });

  it('lists no customers, with the old committed key or the real one', async () => {
    await stripe.customers.create({ email: 'pastor@iglesia.org' });
    for (const key of ['sk_test_sandbox', sandbox.secretKey]) {
      const res = await request(`${gateway.url}/sandbox/stripe/v1/customers`, {
        headers: bearer(key),
      });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('pastor@iglesia.org');
    }
  });

  it("refunds nobody's payment", async () => {
    const intent = await paid();
    const res = await post(
      '/sandbox/stripe/v1/refunds',
      { ...FORM, ...bearer(sandbox.secretKey) },
      `payment_intent=${intent.id}`,
    );
    expect(res.status).toBe(404);
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data).toHaveLength(0);
  });

  it('passes no other sandbox control, with or without the key', async () => {
    for (const headers of [{ ...JSON_BODY }, { ...JSON_BODY, ...bearer(sandbox.secretKey) }]) {
      const res = await post(
        '/sandbox/stripe/_webhooks/endpoint',
        headers,
        JSON.stringify({ url: 'https://collector.example/hook' }),
      );
      expect(res.status).toBe(404);
    }
    const plain = await post(
      '/sandbox/stripe/_webhooks/endpoint',
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      JSON.stringify({ url: 'https://collector.example/hook' }),
    );
    expect(plain.status).toBe(404);
    const log = await request(`${sandboxUrl}/_webhooks`, { headers: bearer(sandbox.secretKey) });
    expect(log.json<{ url: string | null }>().url).toBeNull();
  });

  it('moves the clock only with the secret key', async () => {
    const body = JSON.stringify({ days: 1 });
    const before = sandbox.clock.now();
    expect((await post('/sandbox/stripe/_clock/advance', JSON_BODY, body)).status).toBe(401);
    const wrong = await post(
      '/sandbox/stripe/_clock/advance',
      { ...JSON_BODY, ...bearer('sk_test_sandbox') },
      body,
    );
    expect(wrong.status).toBe(401);
    expect(sandbox.clock.now() - before).toBeLessThan(86_400);
    const moved = await post(
      '/sandbox/stripe/_clock/advance',
      { ...JSON_BODY, ...bearer(sandbox.secretKey) },
      body,
    );
    expect(moved.status).toBe(200);
    expect(sandbox.clock.now() - before).toBeGreaterThanOrEqual(86_400);
  });

  it("refuses to confirm one intent with another's client secret", async () => {
    const mine = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const theirs = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
    const form = (clientSecret: string) =>
      cardConfirmForm({
        publishableKey: sandbox.publishableKey,
        clientSecret,
        number: '4242424242424242',
      }).toString();
    const other = await post(confirmPath(theirs.id), FORM, form(mine.client_secret!));
    expect(other.status).toBe(400);
    // Of the right shape, but not the intent's: the sandbox itself refuses it.
    const guessed = await post(confirmPath(theirs.id), FORM, form(`${theirs.id}_secret_guess`));
    expect(guessed.status).toBe(400);
    expect(guessed.json<{ error: { param: string } }>().error.param).toBe('client_secret');
    expect((await stripe.paymentIntents.retrieve(theirs.id)).status).toBe(
      'requires_payment_method',
    );
  });

  it('confirms only with the card form, from this site', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const form = cardConfirmForm({
      publishableKey: sandbox.publishableKey,
      clientSecret: intent.client_secret!,
      number: '4242424242424242',
    });
    const crossSite = await post(
      confirmPath(intent.id),
      { ...FORM, origin: 'https://evil.example' },
      form.toString(),
    );
    expect(crossSite.status).toBe(403);
    const expanded = await post(
      confirmPath(intent.id),
      FORM,
      `${form.toString()}&expand[]=customer`,
    );
    expect(expanded.status).toBe(400);
    const withSecretKey = await post(
      confirmPath(intent.id),
      FORM,
      new URLSearchParams({ ...Object.fromEntries(form), key: sandbox.secretKey }).toString(),
    );
    expect(withSecretKey.status).toBe(401);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe(
      'requires_payment_method',
    );
    const sameSite = await post(
      confirmPath(intent.id),
      { ...FORM, origin: new URL(gateway.url).origin },
      form.toString(),
    );
    expect(sameSite.status).toBe(200);
    expect(sameSite.json<{ status: string }>().status).toBe('succeeded');
  });
});
