import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeSandbox } from './sandbox.js';
import { cardFields, startSandbox, type TestSandbox } from './harness.fixture.js';

const PAGE = 'http://localhost:5173';
const ELSEWHERE = 'https://evil.example';

describe('a closed sandbox', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startSandbox({ allowedOrigins: [PAGE] });
  });
  afterAll(() => t?.close());

  const raw = (path: string, init: RequestInit = {}) => fetch(`${t.url}${path}`, init);

  it('makes a random secret key of its own, different each time', () => {
    const other = createStripeSandbox();
    expect(t.sandbox.secretKey).toMatch(/^sk_test_[0-9a-f]{48}$/);
    expect(other.secretKey).not.toBe(t.sandbox.secretKey);
  });

  it('refuses the key once committed to the repository', async () => {
    expect(() => createStripeSandbox({ secretKey: 'sk_test_sandbox' })).toThrow(/committed/);
    const old = new Stripe('sk_test_sandbox', {
      host: '127.0.0.1',
      port: Number(new URL(t.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(old.customers.list()).rejects.toMatchObject({ statusCode: 401 });
  });

  it('moves its clock only for the secret key', async () => {
    const body = JSON.stringify({ days: 1 });
    const json = { 'content-type': 'application/json' };
    const without = await raw('/_clock/advance', { method: 'POST', headers: json, body });
    expect(without.status).toBe(401);
    const wrong = await raw('/_clock/advance', {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${'sk_test_'.padEnd(56, '0')}` },
      body,
    });
    expect(wrong.status).toBe(401);
    const before = t.sandbox.clock.now();
    const advanced = await t.control<{ now: number }>('POST', '/_clock/advance', { days: 1 });
    expect(advanced.status).toBe(200);
    expect(advanced.body.now - before).toBeGreaterThanOrEqual(86_400);
  });

  it('keeps its webhook log and endpoint to the secret key', async () => {
    expect((await raw('/_webhooks')).status).toBe(401);
    expect((await raw('/sandbox/stripe/_webhooks/idle')).status).toBe(401);
    const redirect = await raw('/_webhooks/endpoint', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ url: 'https://collector.example/hook' }),
    });
    expect(redirect.status).toBe(401);
    const viaPrefix = await raw('/sandbox/stripe/_webhooks/endpoint', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://collector.example/hook' }),
    });
    expect(viaPrefix.status).toBe(401);
    expect((await t.control<{ url: string | null }>('GET', '/_webhooks')).body.url).toBeNull();
  });

  it('takes a control body only as JSON, even with the key', async () => {
    const res = await raw('/_webhooks/endpoint', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${t.sandbox.secretKey}` },
      body: JSON.stringify({ url: 'https://collector.example/hook' }),
    });
    expect(res.status).toBe(415);
    expect((await t.control<{ url: string | null }>('GET', '/_webhooks')).body.url).toBeNull();
  });

  it('answers its health check to anyone', async () => {
    expect((await raw('/_health')).status).toBe(200);
  });

  it('refuses a page from an origin it was not told about, whatever it sends', async () => {
    const crossSite = await raw('/_webhooks/endpoint', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: ELSEWHERE },
      body: JSON.stringify({ url: 'https://collector.example/hook' }),
    });
    expect(crossSite.status).toBe(403);
    const intent = await t.stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const confirm = await raw(`/sandbox/stripe/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ELSEWHERE },
      body: new URLSearchParams({
        key: t.sandbox.publishableKey,
        client_secret: intent.client_secret!,
        ...cardFields('4242424242424242'),
      }),
    });
    expect(confirm.status).toBe(403);
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe(
      'requires_payment_method',
    );
  });

  it('lets a configured origin confirm with the publishable key and the client secret', async () => {
    const intent = await t.stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const confirm = await raw(`/sandbox/stripe/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PAGE },
      body: new URLSearchParams({
        key: t.sandbox.publishableKey,
        client_secret: intent.client_secret!,
        ...cardFields('4242424242424242'),
      }),
    });
    expect(confirm.status).toBe(200);
    expect(((await confirm.json()) as { status: string }).status).toBe('succeeded');
  });

  it("refuses another intent's client secret", async () => {
    const mine = await t.stripe.paymentIntents.create({ amount: 500, currency: 'usd' });
    const theirs = await t.stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
    const answer = await t.browserPost<{ error: { param: string } }>(
      `/v1/payment_intents/${theirs.id}/confirm`,
      { client_secret: mine.client_secret!, ...cardFields('4242424242424242') },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe('client_secret');
    expect((await t.stripe.paymentIntents.retrieve(theirs.id)).status).toBe(
      'requires_payment_method',
    );
  });
});
