import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  confirmWithCard,
  startReceiver,
  startSandbox,
  WEBHOOK_SECRET,
  type TestSandbox,
  type WebhookReceiver,
} from './harness.fixture.js';
import type { DeliveryRecord } from './webhooks.js';

describe('webhooks', () => {
  const open: Array<TestSandbox | WebhookReceiver> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()));
  });

  async function setup(failFirst = 0, options: Parameters<typeof startSandbox>[0] = {}) {
    const receiver = await startReceiver(failFirst);
    const t = await startSandbox({ webhookUrl: receiver.url, ...options });
    open.push(t, receiver);
    return { receiver, t };
  }

  async function pay(t: TestSandbox, card = '4242424242424242') {
    const pi = await t.stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      metadata: { order: 'o_1' },
    });
    await confirmWithCard(t, pi.client_secret!, card);
    return pi;
  }

  it('signs deliveries so that stripe.webhooks.constructEvent accepts them', async () => {
    const { receiver, t } = await setup();
    const pi = await pay(t);
    await t.sandbox.idle();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const event = t.stripe.webhooks.constructEvent(
      delivery!.body,
      delivery!.signature,
      WEBHOOK_SECRET,
    );
    expect(event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      data: { object: { id: pi.id, object: 'payment_intent', status: 'succeeded' } },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(event.request?.id).toMatch(/^req_/);
    expect(delivery!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() =>
      t.stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, 'whsec_other'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const stored = await t.stripe.events.retrieve(event.id);
    expect(stored.type).toBe('payment_intent.succeeded');
    expect(stored.pending_webhooks).toBe(0);
  });

  it('signs with the wall clock even when the sandbox clock is far ahead', async () => {
    const { receiver, t } = await setup(0, { clockStart: new Date('2030-01-01T00:00:00Z') });
    await pay(t);
    await t.sandbox.idle();
    const [delivery] = receiver.received;
    // constructEvent's default tolerance is 5 minutes against this machine's clock.
    expect(() =>
      Stripe.webhooks.constructEvent(delivery!.body, delivery!.signature, WEBHOOK_SECRET),
    ).not.toThrow();
    expect(delivery!.event.created).toBeGreaterThanOrEqual(
      Date.parse('2030-01-01T00:00:00Z') / 1000,
    );
  });

  it('a receiver that fails twice gets the same event three times, then it is delivered', async () => {
    const { receiver, t } = await setup(2);
    await pay(t);
    await t.sandbox.idle();

    expect(receiver.received.map((r) => r.event.type)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.succeeded',
      'payment_intent.succeeded',
    ]);
    expect(new Set(receiver.received.map((r) => r.event.id)).size).toBe(1);
    const log = await t.control<{ deliveries: DeliveryRecord[] }>('GET', '/_webhooks');
    expect(log.body.deliveries[0]).toMatchObject({
      state: 'delivered',
      type: 'payment_intent.succeeded',
    });
    expect(log.body.deliveries[0]!.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
  });

  it('gives up after the last retry', async () => {
    const { receiver, t } = await setup(10);
    await pay(t);
    await t.sandbox.idle();
    expect(receiver.received).toHaveLength(3);
    expect(t.sandbox.deliveries()[0]).toMatchObject({ state: 'failed', nextAttemptAt: null });
  });

  it('retries an unreachable endpoint without holding back other events', async () => {
    const receiver = await startReceiver();
    const deadUrl = receiver.url;
    await receiver.close();
    const t = await startSandbox({ webhookUrl: deadUrl, webhookRetryDelaysMs: [50] });
    open.push(t);
    await pay(t);
    await t.sandbox.idle();
    const [record] = t.sandbox.deliveries();
    expect(record!.state).toBe('failed');
    expect(record!.attempts).toHaveLength(2);
    expect(record!.attempts[0]!.status).toBeNull();
  });

  it('sends events of one object in the order they happened', async () => {
    const { receiver, t } = await setup();
    const pi = await t.stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    await confirmWithCard(t, pi.client_secret!, '4000000000000002');
    await confirmWithCard(t, pi.client_secret!, '4242424242424242');
    await t.stripe.refunds.create({ payment_intent: pi.id });
    await t.sandbox.idle();
    expect(receiver.types()).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
      'charge.refunded',
    ]);
  });

  it('stores events without a webhook URL, and one can be set later', async () => {
    const t = await startSandbox();
    open.push(t);
    await pay(t);
    expect(t.sandbox.deliveries()[0]).toMatchObject({ state: 'not_sent' });

    const receiver = await startReceiver();
    open.push(receiver);
    const set = await t.control('POST', '/_webhooks/endpoint', { url: receiver.url });
    expect(set.status).toBe(200);
    await pay(t);
    const idle = await t.control<{ idle: boolean }>('GET', '/_webhooks/idle');
    expect(idle.body.idle).toBe(true);
    expect(receiver.types()).toEqual(['payment_intent.succeeded']);
  });
});
