import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addIntervals } from './clock.js';
import {
  confirmWithCard,
  makePlan,
  startReceiver,
  startSandbox,
  type TestSandbox,
  type WebhookReceiver,
} from './harness.fixture.js';

const START = new Date('2026-11-23T12:00:00Z');

describe('subscriptions through the real SDK', () => {
  let t: TestSandbox;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    t = await startSandbox({
      clockStart: START,
      webhookUrl: receiver.url,
      dunningRetryDays: [1, 3],
    });
  });
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  function advanceToPeriodEnd(subscriptionId: string) {
    const end =
      t.sandbox.state.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end;
    t.sandbox.clock.advance({ seconds: end - t.sandbox.clock.now() });
  }

  /** What billing does: default_incomplete, then the browser confirms the first invoice's secret. */
  async function subscribe(card = '4242424242424242', interval: 'month' | 'year' = 'month') {
    const customer = await t.stripe.customers.create({ email: 'pastor@example.com' });
    const price = await makePlan(t.stripe, interval, interval === 'month' ? 1999 : 19999);
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { userId: 'u_1', plan: interval },
    });
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    const confirm = await confirmWithCard<Stripe.PaymentIntent>(t, secret, card);
    return { customer, price, sub, secret, confirm };
  }

  it('starts incomplete with an open invoice whose confirmation secret is a PaymentIntent secret', async () => {
    const customer = await t.stripe.customers.create({ email: 'pastor@example.com' });
    const price = await makePlan(t.stripe, 'month', 1999);
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'open',
      amount_due: 1999,
      amount_paid: 0,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: sub.id } },
      confirmation_secret: { type: 'payment_intent' },
    });
    expect(invoice.confirmation_secret!.client_secret).toMatch(/^pi_[A-Za-z0-9]+_secret_/);
    expect(invoice.lines.data[0]?.pricing?.price_details?.price).toBe(price.id);

    // Includable, as in Stripe: only there when expanded.
    const plain = await t.stripe.invoices.retrieve(invoice.id);
    expect(plain.confirmation_secret).toBeUndefined();
    expect('payment_intent' in plain).toBe(false);
  });

  it('confirming the first invoice activates it for a month by the sandbox clock, saving the card', async () => {
    const { sub, confirm } = await subscribe();
    expect(confirm.body.status).toBe('succeeded');
    const active = await t.stripe.subscriptions.retrieve(sub.id, {
      expand: ['latest_invoice.payments'],
    });
    expect(active.status).toBe('active');
    const item = active.items.data[0]!;
    const start = Math.floor(START.getTime() / 1000);
    expect(item.current_period_start).toBeGreaterThanOrEqual(start);
    expect(item.current_period_end).toBe(addIntervals(item.current_period_start, 'month', 1));
    expect(active.default_payment_method).toMatch(/^pm_/);
    const invoice = active.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1999, amount_remaining: 0 });
    expect(invoice.payments?.data[0]?.payment.payment_intent).toBe(confirm.body.id);

    await t.sandbox.idle();
    expect(receiver.types()).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.paid',
        'customer.subscription.updated',
      ]),
    );
    const updated = receiver.received.find(
      (r) => r.event.type === 'customer.subscription.updated',
    )!;
    expect((updated.event.data.object as Stripe.Subscription).status).toBe('active');
    expect(updated.event.data.previous_attributes).toMatchObject({ status: 'incomplete' });
  });

  it('finds the invoice of a PaymentIntent through invoice payments', async () => {
    const { sub, confirm } = await subscribe();
    const payments = await t.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: confirm.body.id },
    });
    expect(payments.data).toHaveLength(1);
    const invoice = await t.stripe.invoices.retrieve(payments.data[0]!.invoice as string);
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
  });

  it('an annual price gives a year', async () => {
    const { sub } = await subscribe('4242424242424242', 'year');
    const item = (await t.stripe.subscriptions.retrieve(sub.id)).items.data[0]!;
    expect(item.current_period_end).toBe(addIntervals(item.current_period_start, 'year', 1));
  });

  it('0341 cannot pay the first invoice: the subscription stays incomplete', async () => {
    const { sub, confirm } = await subscribe('4000000000000341');
    expect(confirm.status).toBe(402);
    const seen = await t.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(seen.status).toBe('incomplete');
    expect((seen.latest_invoice as Stripe.Invoice).status).toBe('open');
    await t.sandbox.idle();
    expect(receiver.types()).toContain('invoice.payment_failed');
  });

  it('advancing the clock renews: a cycle invoice is charged and the period moves on', async () => {
    const { sub } = await subscribe();
    const before = (await t.stripe.subscriptions.retrieve(sub.id)).items.data[0]!;
    await t.sandbox.idle();
    receiver.received.length = 0;

    const advanced = await t.control<{ processed: number }>('POST', '/_clock/advance', {
      days: 31,
    });
    expect(advanced.body.processed).toBe(1);
    const after = await t.stripe.subscriptions.retrieve(sub.id);
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.current_period_start).toBe(before.current_period_end);
    expect(after.items.data[0]!.current_period_end).toBe(
      addIntervals(before.current_period_end, 'month', 1),
    );
    const invoices = await t.stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => [i.billing_reason, i.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);

    await t.sandbox.idle();
    expect(receiver.types()).toEqual(
      expect.arrayContaining(['customer.subscription.updated', 'invoice.paid']),
    );
    const paid = receiver.received.find((r) => r.event.type === 'invoice.paid')!.event.data
      .object as Stripe.Invoice;
    expect(paid.billing_reason).toBe('subscription_cycle');
    expect(paid.parent?.subscription_details?.subscription).toBe(sub.id);
  });

  it('a renewal to a saved 0341 card fails, is retried, then the subscription ends', async () => {
    const { customer, sub } = await subscribe();
    const si = await t.stripe.setupIntents.create({ customer: customer.id });
    const saved = await confirmWithCard<Stripe.SetupIntent>(
      t,
      si.client_secret!,
      '4000000000000341',
    );
    expect(saved.body.status).toBe('succeeded');
    await t.stripe.subscriptions.update(sub.id, {
      default_payment_method: saved.body.payment_method as string,
    });
    await t.sandbox.idle();
    receiver.received.length = 0;

    advanceToPeriodEnd(sub.id);
    const pastDue = await t.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      billing_reason: 'subscription_cycle',
    });
    expect(invoice.next_payment_attempt).toBe(pastDue.items.data[0]!.current_period_start + 86_400);

    t.sandbox.clock.advance({ days: 1 });
    expect((await t.stripe.invoices.retrieve(invoice.id)).attempt_count).toBe(2);
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');

    t.sandbox.clock.advance({ days: 2 });
    const ended = await t.stripe.subscriptions.retrieve(sub.id);
    expect(ended.status).toBe('canceled');
    expect(ended.cancellation_details?.reason).toBe('payment_failed');
    expect((await t.stripe.invoices.retrieve(invoice.id)).attempt_count).toBe(3);

    await t.sandbox.idle();
    const types = receiver.types();
    expect(types.filter((type) => type === 'invoice.payment_failed')).toHaveLength(3);
    expect(types).toContain('customer.subscription.deleted');
    expect(types).not.toContain('invoice.paid');
  });

  it('a new card during dunning is charged at the next retry and reactivates', async () => {
    const { customer, sub } = await subscribe();
    const si = await t.stripe.setupIntents.create({ customer: customer.id });
    const bad = await confirmWithCard<Stripe.SetupIntent>(t, si.client_secret!, '4000000000009995');
    await t.stripe.subscriptions.update(sub.id, {
      default_payment_method: bad.body.payment_method as string,
    });
    advanceToPeriodEnd(sub.id);
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');

    const si2 = await t.stripe.setupIntents.create({ customer: customer.id });
    const good = await confirmWithCard<Stripe.SetupIntent>(
      t,
      si2.client_secret!,
      '5555555555554444',
    );
    await t.stripe.subscriptions.update(sub.id, {
      default_payment_method: good.body.payment_method as string,
    });
    t.sandbox.clock.advance({ days: 1 });
    const back = await t.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(back.status).toBe('active');
    expect((back.latest_invoice as Stripe.Invoice).status).toBe('paid');
  });

  it('cancel_at_period_end ends the subscription at the period end, not before', async () => {
    const { sub } = await subscribe();
    const updated = await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const periodEnd = updated.items.data[0]!.current_period_end;
    expect(updated).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: periodEnd,
    });

    t.sandbox.clock.advance({ seconds: periodEnd - t.sandbox.clock.now() - 60 });
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    t.sandbox.clock.advance({ seconds: 120 });
    const ended = await t.stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd });
    expect((await t.stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);

    await t.sandbox.idle();
    expect(receiver.types()).toContain('customer.subscription.deleted');
  });

  it('cancel_at_period_end can be undone before the period ends', async () => {
    const { sub } = await subscribe();
    await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const resumed = await t.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    t.sandbox.clock.advance({ days: 31 });
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('cancel now (DELETE) ends it at once', async () => {
    const { sub } = await subscribe();
    const canceled = await t.stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).toBe(t.sandbox.clock.now());
    await t.sandbox.idle();
    expect(receiver.types()).toContain('customer.subscription.deleted');
  });

  it('switching monthly to annual starts a year now and charges the difference at once', async () => {
    const { sub } = await subscribe();
    t.sandbox.clock.advance({ days: 10 });
    const annual = await makePlan(t.stripe, 'year', 19999);
    const current = await t.stripe.subscriptions.retrieve(sub.id);
    const updated = await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: current.items.data[0]!.id, price: annual.id }],
      proration_behavior: 'create_prorations',
      expand: ['latest_invoice'],
    });
    const item = updated.items.data[0]!;
    expect(item.price.id).toBe(annual.id);
    expect(item.current_period_start).toBe(t.sandbox.clock.now());
    expect(item.current_period_end).toBe(addIntervals(item.current_period_start, 'year', 1));
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(invoice.status).toBe('paid');
    // 19999 minus roughly two thirds of a 1999 month left unused.
    expect(invoice.amount_paid).toBeGreaterThan(19999 - 1999);
    expect(invoice.amount_paid).toBeLessThan(19999);
  });

  it('retries of webhooks do not change what the sandbox did: events are listable by id', async () => {
    const { sub } = await subscribe();
    const events = await t.stripe.events.list({ type: 'customer.subscription.*', limit: 10 });
    expect(events.data.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.created',
    ]);
    const one = await t.stripe.events.retrieve(events.data[0]!.id);
    expect((one.data.object as Stripe.Subscription).id).toBe(sub.id);
  });
});
