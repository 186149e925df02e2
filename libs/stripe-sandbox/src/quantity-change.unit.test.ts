import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmWithCard, makePlan, startSandbox, type TestSandbox } from './harness.fixture.js';

const START = new Date('2026-11-01T00:00:00Z');
const DAY = 86_400;

// A church's team plan: one price per seat, the subscription item's quantity = seats. Changing
// the quantity within the period is prorated as Stripe does it, through the real `stripe` SDK.
describe('changing a subscription item quantity', () => {
  let t: TestSandbox;
  beforeEach(async () => {
    t = await startSandbox({ clockStart: START });
  });
  afterEach(() => t.close());

  async function subscribed(seats: number) {
    const customer = await t.stripe.customers.create({ email: 'pastor@example.com' });
    const price = await makePlan(t.stripe, 'month', 2000);
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: seats }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const first = sub.latest_invoice as Stripe.Invoice;
    await confirmWithCard(t, first.confirmation_secret!.client_secret, '4242424242424242');
    return { sub: await t.stripe.subscriptions.retrieve(sub.id), first, customer };
  }

  /** Half of November (30 days) left. */
  const halfway = () => t.sandbox.clock.advance({ seconds: 15 * DAY });

  const invoicesOf = async (subscription: string, reason: string) =>
    (await t.stripe.invoices.list({ subscription })).data.filter(
      (i) => i.billing_reason === reason,
    );

  it('the first invoice bills quantity × unit price', async () => {
    const { first } = await subscribed(3);
    expect(first.amount_due).toBe(6000);
    expect(first.lines.data.map((l) => [l.quantity, l.amount])).toEqual([[3, 6000]]);
  });

  it('always_invoice: more seats are invoiced now (unused time credited, remaining charged) and paid with the saved card', async () => {
    const { sub } = await subscribed(3);
    halfway();
    const item = sub.items.data[0]!;
    const updated = await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: 5 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(updated.pending_update).toBeNull();
    expect(updated.items.data[0]).toMatchObject({
      id: item.id,
      quantity: 5,
      current_period_end: item.current_period_end,
    });
    const [change] = await invoicesOf(sub.id, 'subscription_update');
    expect(change).toMatchObject({ status: 'paid', amount_paid: 2000 });
    expect(
      change!.lines.data.map((l) => [
        l.quantity,
        l.amount,
        l.parent?.subscription_item_details?.proration,
      ]),
    ).toEqual([
      [3, -3000, true],
      [5, 5000, true],
    ]);
    expect(change!.lines.data[0]!.description).toBe(
      'Unused time on 3 × Plan month after 16 Nov 2026',
    );
    expect(change!.lines.data[1]!.description).toBe(
      'Remaining time on 5 × Plan month after 16 Nov 2026',
    );

    t.sandbox.clock.advance({ seconds: item.current_period_end - t.sandbox.clock.now() });
    const [renewal] = await invoicesOf(sub.id, 'subscription_cycle');
    expect(renewal).toMatchObject({ status: 'paid', amount_paid: 10_000 });
    expect(renewal!.lines.data.map((l) => [l.quantity, l.amount])).toEqual([[5, 10_000]]);
  });

  it('always_invoice: fewer seats leave a credit on the customer that the renewal uses', async () => {
    const { sub, customer } = await subscribed(5);
    halfway();
    const item = sub.items.data[0]!;
    await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: 3 }],
      proration_behavior: 'always_invoice',
    });
    const [change] = await invoicesOf(sub.id, 'subscription_update');
    expect(change).toMatchObject({
      status: 'paid',
      total: -2000,
      amount_due: 0,
      starting_balance: 0,
      ending_balance: -2000,
    });
    expect((await t.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      balance: -2000,
    });

    t.sandbox.clock.advance({ seconds: item.current_period_end - t.sandbox.clock.now() });
    const [renewal] = await invoicesOf(sub.id, 'subscription_cycle');
    expect(renewal).toMatchObject({
      status: 'paid',
      total: 6000,
      amount_paid: 4000,
      starting_balance: -2000,
      ending_balance: 0,
    });
  });

  it('create_prorations: nothing now; the renewal carries the proration beside the new quantity', async () => {
    const { sub } = await subscribed(3);
    halfway();
    const item = sub.items.data[0]!;
    await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: 4 }],
      proration_behavior: 'create_prorations',
    });
    expect(await invoicesOf(sub.id, 'subscription_update')).toEqual([]);
    t.sandbox.clock.advance({ seconds: item.current_period_end - t.sandbox.clock.now() });
    const [renewal] = await invoicesOf(sub.id, 'subscription_cycle');
    expect(renewal).toMatchObject({ status: 'paid', amount_paid: 8000 + 1000 });
  });

  it('none: no proration; the renewal bills the new quantity', async () => {
    const { sub } = await subscribed(3);
    halfway();
    const item = sub.items.data[0]!;
    await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, quantity: 6 }],
      proration_behavior: 'none',
    });
    expect(await invoicesOf(sub.id, 'subscription_update')).toEqual([]);
    t.sandbox.clock.advance({ seconds: item.current_period_end - t.sandbox.clock.now() });
    const [renewal] = await invoicesOf(sub.id, 'subscription_cycle');
    expect(renewal).toMatchObject({ status: 'paid', amount_paid: 12_000 });
  });

  it('a quantity below 1 is refused as Stripe refuses it', async () => {
    const { sub } = await subscribed(3);
    await expect(
      t.stripe.subscriptions.update(sub.id, {
        items: [{ id: sub.items.data[0]!.id, quantity: 0 }],
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});
