import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmWithCard, makePlan, startSandbox, type TestSandbox } from './harness.fixture.js';

const START = new Date('2026-11-23T12:00:00Z');

// A plan's price change reaching a subscriber: the item moves to the new price with no
// proration, so nothing is charged now and the next renewal charges the new amount.
describe('changing a subscription item price without proration', () => {
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startSandbox({ clockStart: START });
  });
  afterEach(() => t.close());

  async function subscribed() {
    const customer = await t.stripe.customers.create({ email: 'pastor@example.com' });
    const price = await makePlan(t.stripe, 'month', 2000);
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    await confirmWithCard(t, secret, '4242424242424242');
    return { sub: await t.stripe.subscriptions.retrieve(sub.id), price };
  }

  const cycleInvoices = async (subscription: string) =>
    (await t.stripe.invoices.list({ subscription })).data
      .filter((i) => i.billing_reason === 'subscription_cycle')
      .map((i) => [i.amount_paid, i.status]);

  it('charges nothing now, keeps the period, and renews at the new amount', async () => {
    const { sub, price } = await subscribed();
    t.sandbox.clock.advance({ days: 10 });
    const dearer = await t.stripe.prices.create({
      product: price.product as string,
      currency: 'usd',
      unit_amount: 2500,
      recurring: { interval: 'month' },
    });
    const item = sub.items.data[0]!;
    const updated = await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: dearer.id }],
      proration_behavior: 'none',
    });
    expect(updated.items.data[0]).toMatchObject({
      id: item.id,
      price: { id: dearer.id, unit_amount: 2500 },
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    });
    const invoices = await t.stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => i.billing_reason)).toEqual(['subscription_create']);

    t.sandbox.clock.advance({ seconds: item.current_period_end - t.sandbox.clock.now() });
    expect(await cycleInvoices(sub.id)).toEqual([[2500, 'paid']]);
  });

  it('put back before the renewal, the renewal charges the old amount', async () => {
    const { sub, price } = await subscribed();
    const dearer = await t.stripe.prices.create({
      product: price.product as string,
      currency: 'usd',
      unit_amount: 2500,
      recurring: { interval: 'month' },
    });
    const item = sub.items.data[0]!;
    await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: dearer.id }],
      proration_behavior: 'none',
    });
    await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: price.id }],
      proration_behavior: 'none',
    });
    t.sandbox.clock.advance({ seconds: item.current_period_end - t.sandbox.clock.now() });
    expect(await cycleInvoices(sub.id)).toEqual([[2000, 'paid']]);
  });
});
