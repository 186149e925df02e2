import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmWithCard,
  makePlan,
  startReceiver,
  startSandbox,
  type TestSandbox,
  type WebhookReceiver,
} from './harness.fixture.js';

const START = new Date('2026-11-23T12:00:00Z');

describe('plan changes with payment_behavior=pending_if_incomplete', () => {
  let t: TestSandbox;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    t = await startSandbox({ clockStart: START, webhookUrl: receiver.url });
  });
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  async function monthlyWithCard(card: string) {
    const customer = await t.stripe.customers.create({ email: 'pastor@example.com' });
    const price = await makePlan(t.stripe, 'month', 1999);
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    await confirmWithCard(t, secret, '4242424242424242');
    const si = await t.stripe.setupIntents.create({ customer: customer.id });
    const saved = await confirmWithCard<Stripe.SetupIntent>(t, si.client_secret!, card);
    await t.stripe.subscriptions.update(sub.id, {
      default_payment_method: saved.body.payment_method as string,
    });
    return t.stripe.subscriptions.retrieve(sub.id);
  }

  async function toAnnual(sub: Stripe.Subscription, existing?: Stripe.Price) {
    const annual = existing ?? (await makePlan(t.stripe, 'year', 19999));
    const updated = await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: annual.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    return { annual, updated };
  }

  it('a declined charge leaves the subscription as it was, the change pending and the invoice open', async () => {
    const sub = await monthlyWithCard('4000000000000341');
    const { annual, updated } = await toAnnual(sub);
    expect(updated.status).toBe('active');
    expect(updated.items.data[0]!.price.id).toBe(sub.items.data[0]!.price.id);
    expect(updated.items.data[0]!.current_period_end).toBe(sub.items.data[0]!.current_period_end);
    expect(updated.pending_update?.subscription_items?.[0]?.price).toBe(annual.id);

    const invoice = await t.stripe.invoices.retrieve(updated.latest_invoice as string, {
      expand: ['payments'],
    });
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_update' });
    expect(invoice.next_payment_attempt).toBeNull();
    const pi = await t.stripe.paymentIntents.retrieve(
      invoice.payments!.data[0]!.payment.payment_intent as string,
    );
    expect(pi.last_payment_error?.message).toBe('Your card was declined.');
    // No dunning: the clock moving on retries nothing and the plan is never past due.
    t.sandbox.clock.advance({ days: 3 });
    expect((await t.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('a declined change gives back the customer credit its invoice used', async () => {
    const sub = await monthlyWithCard('4000000000000341');
    const customer = sub.customer as string;
    await t.stripe.customers.update(customer, { balance: -5000 });
    const { updated } = await toAnnual(sub);
    const invoice = await t.stripe.invoices.retrieve(updated.latest_invoice as string);
    // The credit paid part of the change (its invoice used all 5000)...
    expect(invoice).toMatchObject({ status: 'open', starting_balance: -5000, ending_balance: 0 });
    // ...and is the customer's again once the card declined the rest.
    expect(((await t.stripe.customers.retrieve(customer)) as Stripe.Customer).balance).toBe(-5000);
  });

  it('a later change that is paid supersedes the pending one', async () => {
    const sub = await monthlyWithCard('4000000000000341');
    const { annual, updated } = await toAnnual(sub);
    expect(updated.pending_update).not.toBeNull();
    const si = await t.stripe.setupIntents.create({ customer: sub.customer as string });
    const good = await confirmWithCard<Stripe.SetupIntent>(
      t,
      si.client_secret!,
      '4242424242424242',
    );
    await t.stripe.subscriptions.update(sub.id, {
      default_payment_method: good.body.payment_method as string,
    });
    const { updated: paid } = await toAnnual(sub, annual);
    expect(paid.pending_update).toBeNull();
    expect(paid.items.data[0]!.price.id).toBe(annual.id);
  });

  it('a card that pays applies the change at once', async () => {
    const sub = await monthlyWithCard('5555555555554444');
    const { annual, updated } = await toAnnual(sub);
    expect(updated.pending_update).toBeNull();
    expect(updated.items.data[0]!.price.id).toBe(annual.id);
    const invoice = await t.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice.status).toBe('paid');
  });

  it('a change that owes nothing (annual to monthly, a credit) applies even with a failing card', async () => {
    const sub = await monthlyWithCard('5555555555554444');
    const { annual } = await toAnnual(sub);
    const si = await t.stripe.setupIntents.create({ customer: sub.customer as string });
    const bad = await confirmWithCard<Stripe.SetupIntent>(t, si.client_secret!, '4000000000000341');
    await t.stripe.subscriptions.update(sub.id, {
      default_payment_method: bad.body.payment_method as string,
    });
    const onAnnual = await t.stripe.subscriptions.retrieve(sub.id);
    expect(onAnnual.items.data[0]!.price.id).toBe(annual.id);
    const monthly = sub.items.data[0]!.price.id;
    const back = await t.stripe.subscriptions.update(sub.id, {
      items: [{ id: onAnnual.items.data[0]!.id, price: monthly }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(back.pending_update).toBeNull();
    expect(back.items.data[0]!.price.id).toBe(monthly);
    expect(back.status).toBe('active');
  });
});
