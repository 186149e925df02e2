import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startBillingHarness,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';
import { STRIPE_INBOX } from './stripe-events.js';

describe('Stripe webhooks (signed by the sandbox, verified by billing)', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

  /** A paid PaymentIntent whose webhook billing has not received (deliveries switched off). */
  async function paidWithoutWebhook(caller: Caller, productId: string) {
    const intent = await caller.call<{ clientSecret: string; paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId },
    );
    h.sandbox.setWebhookUrl(null);
    try {
      await h.confirmCard(intent.body.clientSecret, TEST_CARDS.visa);
    } finally {
      h.sandbox.setWebhookUrl(`${h.service.url}/api/webhooks/stripe`);
    }
    const event = [...h.sandbox.state.events.values()].find(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object as Stripe.PaymentIntent).id === intent.body.paymentIntentId,
    );
    if (!event) throw new Error('the sandbox made no payment_intent.succeeded event');
    return { event, payload: JSON.stringify(event), intent: intent.body };
  }

  const paymentsOf = async (userId: string) =>
    (await h.events('PaymentSucceeded')).filter((e) => e.data.userId === userId);

  const inboxHas = async (eventId: string) =>
    (
      await h.service.ctx.runner.sql.query(
        `SELECT 1 AS found FROM "${h.service.ctx.schema}".inbox WHERE consumer = $1 AND event_id = $2`,
        [STRIPE_INBOX, eventId],
      )
    ).length > 0;

  it('the same event delivered 20 times concurrently records one payment', async () => {
    const buyer = await h.signIn();
    const { payload } = await paidWithoutWebhook(buyer, 'manual-ceremonias');
    const statuses = await Promise.all(Array.from({ length: 20 }, () => h.postWebhook(payload)));
    expect(statuses).toEqual(Array(20).fill(200));
    const paid = await paymentsOf(buyer.userId);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.data).toMatchObject({ cardLast4: '4242', amountCents: 999 });
    const owned = await h.events('ProductOwned');
    expect(owned.filter((e) => e.data.userId === buyer.userId)).toHaveLength(1);
  });

  it('forged and stale signatures are refused with 400 and change nothing; the genuine one applies', async () => {
    const buyer = await h.signIn();
    const { event, payload } = await paidWithoutWebhook(buyer, 'apocalipsis');

    const forged = await h.postWebhook(payload, { secret: 'whsec_someone_else' });
    const stale = await h.postWebhook(payload, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const altered = await h.postWebhook(payload.replace('"amount": 999', '"amount": 1'), {
      secret: 'whsec_someone_else',
    });
    const unsigned = await fetch(`${h.service.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect([forged, stale, altered, unsigned.status]).toEqual([400, 400, 400, 400]);
    expect(await paymentsOf(buyer.userId)).toEqual([]);
    expect(await inboxHas(event.id)).toBe(false);

    expect(await h.postWebhook(payload)).toBe(200);
    expect(await paymentsOf(buyer.userId)).toHaveLength(1);
    expect(await inboxHas(event.id)).toBe(true);
  });

  it('events about objects that are not ours are acknowledged and ignored', async () => {
    const foreign = {
      id: 'evt_foreign_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'pi_foreign', object: 'payment_intent', metadata: {} } },
    };
    expect(await h.postWebhook(JSON.stringify(foreign))).toBe(200);
    expect(await inboxHas('evt_foreign_1')).toBe(true);
  });

  it('a refund reported before the payment success: the payment re-read from the provider lands first, then the refund, each once', async () => {
    const buyer = await h.signIn();
    const intent = await buyer.call<{ clientSecret: string; paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId: 'cantar-cantares' },
    );
    // Nothing reaches billing while the card pays and the provider refunds it.
    h.sandbox.setWebhookUrl(null);
    await h.confirmCard(intent.body.clientSecret, TEST_CARDS.visa);
    const { stripe } = h.service.deps.billing.provider;
    await stripe.refunds.create({ payment_intent: intent.body.paymentIntentId });
    h.sandbox.setWebhookUrl(`${h.service.url}/api/webhooks/stripe`);
    const events = [...h.sandbox.state.events.values()];
    const refunded = events.find((e) => e.type === 'charge.refunded');
    const succeeded = events.find(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object as Stripe.PaymentIntent).id === intent.body.paymentIntentId,
    );
    // The refund's news first, then the payment's.
    expect(await h.postWebhook(JSON.stringify(refunded))).toBe(200);
    expect(await h.postWebhook(JSON.stringify(succeeded))).toBe(200);

    const stream = (await h.events()).filter(
      (e) =>
        e.data.userId === buyer.userId &&
        ['PaymentSucceeded', 'PaymentRefunded', 'ProductOwned', 'ProductReleased'].includes(e.type),
    );
    // Once each: the late payment_intent.succeeded finds everything already applied.
    expect(stream.map((e) => `${e.type}.v${e.version}`)).toEqual([
      'PaymentSucceeded.v2',
      'ProductOwned.v1',
      // v2 only (with the purpose): no consumer reads v1 any more.
      'PaymentRefunded.v2',
      'ProductReleased.v1',
    ]);
    expect(stream[2]?.data).toMatchObject({ amountCents: 999, full: true });
    // Not owned: buying it again is a new checkout.
    const again = await buyer.call('POST', '/api/create-payment-intent', {
      productId: 'cantar-cantares',
    });
    expect(again.status).toBe(200);
  });
});
