import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@mia/testing';
import {
  startBillingHarness,
  subscribe,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

// Issue 20: a plan's money stays right off the happy path. Each test drives the real SDK against
// the sandbox: a failing card (0341 attaches, its charges fail), the sandbox clock, a webhook
// whose re-read of the subscription is held back, two checkouts.

/** A personal plan's announcements are v2 plus a v1 twin (ADR 0020): count the v2 ones. */
const ANNOUNCEMENTS = new Set([
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionChanged',
  'SubscriptionEnded',
]);
const notTwin = (e: { type: string; version: number }) =>
  !(ANNOUNCEMENTS.has(e.type) && e.version === 1);

describe('plan payments off the happy path (real SDK, sandbox)', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

  const stripe = () => h.service.deps.billing.provider.stripe;
  const eventsOf = async (type: string, caller: Caller) =>
    (await h.events(type)).filter((e) => e.data.userId === caller.userId && notTwin(e));
  const plan = async (caller: Caller) =>
    (await caller.call<{ plan: Record<string, unknown> | null }>('GET', '/api/billing')).body.plan;

  /** The card on file replaced as the dashboard does it: SetupIntent, card form, confirm. */
  async function replaceCard(caller: Caller, card: string) {
    const setup = await caller.call<{ clientSecret: string; setupIntentId: string }>(
      'POST',
      '/api/billing/payment-method',
    );
    expect(setup.status).toBe(200);
    const saved = await h.confirmCard(setup.body.clientSecret, card);
    expect(saved.body.status).toBe('succeeded');
    const confirmed = await caller.call<{ plan: Record<string, unknown> | null }>(
      'POST',
      '/api/billing/payment-method/confirm',
      { setupIntentId: setup.body.setupIntentId },
    );
    await waitFor(
      async () =>
        (await caller.call<{ card: { last4: string } | null }>('GET', '/api/billing')).body.card
          ?.last4 === card.slice(-4),
      { message: 'the new card on file' },
    );
    return confirmed;
  }

  it('a plan change the card cannot pay answers 402 with the provider message and leaves the plan as it was', async () => {
    const member = await h.signIn();
    const { created } = await subscribe(h, member, 'monthly');
    await h.settled();
    await replaceCard(member, TEST_CARDS.attachThenFail);
    const before = await stripe().subscriptions.retrieve(created.subscriptionId);

    const answer = await member.call('POST', '/api/billing/subscription/change-plan', {
      planType: 'annual',
    });
    expect(answer).toMatchObject({
      status: 402,
      body: { code: 'plan_change_declined', message: 'Your card was declined.' },
    });
    await h.settled();
    const after = await stripe().subscriptions.retrieve(created.subscriptionId);
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.price.id).toBe(before.items.data[0]!.price.id);
    expect(after.items.data[0]!.current_period_end).toBe(before.items.data[0]!.current_period_end);
    expect(await plan(member)).toMatchObject({ planType: 'monthly', status: 'active' });
    const changes = (await eventsOf('SubscriptionChanged', member)).map((e) => e.data);
    expect(changes.filter((c) => c.plan === 'annual')).toEqual([]);
    expect((await eventsOf('SubscriptionRenewed', member)).length).toBe(0);
  });

  it('a failed renewal shows past due; change-plan is refused (409) until the card is updated, which pays at once', async () => {
    const member = await h.signIn();
    const { created } = await subscribe(h, member, 'monthly');
    await h.settled();
    await replaceCard(member, TEST_CARDS.attachThenFail);

    await h.advanceDays(31);
    await waitFor(async () => (await plan(member))?.status === 'past_due', {
      message: 'the plan past due',
    });
    expect(await eventsOf('SubscriptionRenewed', member)).toEqual([]);

    const refused = await member.call('POST', '/api/billing/subscription/change-plan', {
      planType: 'annual',
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'plan_past_due', message: 'Actualiza tu tarjeta primero.' },
    });

    // The new card pays the open invoice in the same call: no wait for the provider's retry.
    const updated = await replaceCard(member, TEST_CARDS.visa);
    expect(updated).toMatchObject({ status: 200, body: { plan: { status: 'active' } } });
    const renewed = await eventsOf('SubscriptionRenewed', member);
    expect(renewed).toHaveLength(1);
    const sub = await stripe().subscriptions.retrieve(created.subscriptionId);
    expect(new Date(renewed[0]!.data.currentPeriodEnd as string).getTime()).toBe(
      sub.items.data[0]!.current_period_end * 1000,
    );
    expect(await plan(member)).toMatchObject({ status: 'active', planType: 'monthly' });
  });

  it('a webhook whose re-read lost the race against a renewal does not move the end backwards', async () => {
    const member = await h.signIn();
    const { created } = await subscribe(h, member, 'monthly');
    await h.settled();
    const providerId = created.subscriptionId;
    const announced = [...h.sandbox.state.events.values()].find(
      (e) =>
        e.type === 'customer.subscription.updated' &&
        (e.data.object as Stripe.Subscription).id === providerId,
    );
    expect(announced).toBeDefined();
    const late = { ...announced!, id: `evt_late_${providerId}` };

    // The late delivery's re-read reaches the provider now (before the renewal); its answer is
    // held until the renewal has been applied.
    const rereads = () =>
      h.proxy.seen.filter(
        (r) => r.method === 'GET' && r.path.startsWith(`/v1/subscriptions/${providerId}`),
      ).length;
    const rereadsBefore = rereads();
    h.proxy.stallNext('GET', new RegExp(`^/v1/subscriptions/${providerId}`), 4_000);
    let lateAnswered = 0;
    const lateDelivery = h.postWebhook(JSON.stringify(late)).then((status) => {
      lateAnswered = Date.now();
      return status;
    });
    await waitFor(() => rereads() > rereadsBefore, { message: 'the late re-read sent' });
    await h.advanceDays(31);
    const [renewed] = await eventsOf('SubscriptionRenewed', member);
    expect(renewed).toBeDefined();
    const renewedAt = Date.now();
    expect(await lateDelivery).toBe(200);
    // The scenario happened: the stale answer was applied after the renewal.
    expect(lateAnswered).toBeGreaterThanOrEqual(renewedAt);

    const renewedEnd = new Date(renewed!.data.currentPeriodEnd as string).getTime();
    const changes = await eventsOf('SubscriptionChanged', member);
    for (const change of changes) {
      expect(new Date(change.data.currentPeriodEnd as string).getTime()).toBeGreaterThanOrEqual(
        renewedEnd,
      );
    }
    const shown = await plan(member);
    expect(new Date(shown!.currentPeriodEnd as string).getTime()).toBe(renewedEnd);
  });

  it('two checkouts in two tabs never give two plans, nor cancel the one just paid', async () => {
    const member = await h.signIn();
    const monthly = await member.call<{ clientSecret: string; subscriptionId: string }>(
      'POST',
      '/api/subscriptions',
      { priceId: 'monthly-subscription', planType: 'monthly' },
    );
    expect(monthly.status).toBe(200);

    // Tab 2 while tab 1 has not paid: refused, the first checkout stays payable.
    const whileUnpaid = await member.call('POST', '/api/subscriptions', {
      priceId: 'annual-subscription',
      planType: 'annual',
    });
    expect(whileUnpaid).toMatchObject({ status: 409, body: { code: 'plan_checkout_pending' } });

    // Tab 1 pays; its webhooks have not reached billing when tab 2 tries again.
    h.sandbox.setWebhookUrl(null);
    try {
      const paid = await h.confirmCard(monthly.body.clientSecret, TEST_CARDS.visa);
      expect(paid.body.status).toBe('succeeded');
      const afterPaying = await member.call('POST', '/api/subscriptions', {
        priceId: 'annual-subscription',
        planType: 'annual',
      });
      expect(afterPaying).toMatchObject({ status: 409, body: { code: 'already_subscribed' } });
    } finally {
      h.sandbox.setWebhookUrl(`${h.service.url}/api/webhooks/stripe`);
    }
    const paidSub = await stripe().subscriptions.retrieve(monthly.body.subscriptionId);
    expect(paidSub.status).toBe('active');
    const customerId = paidSub.customer as string;
    const all = await stripe().subscriptions.list({ customer: customerId, status: 'all' });
    expect(all.data.map((s) => s.status)).toEqual(['active']);
    expect(await plan(member)).toMatchObject({ planType: 'monthly', status: 'active' });
  });

  it('a card is confirmed only by its owner, and an unknown one is a 404', async () => {
    const owner = await h.signIn();
    const other = await h.signIn();
    const setup = await owner.call<{ clientSecret: string; setupIntentId: string }>(
      'POST',
      '/api/billing/payment-method',
    );
    await h.confirmCard(setup.body.clientSecret, TEST_CARDS.visa);
    const stolen = await other.call('POST', '/api/billing/payment-method/confirm', {
      setupIntentId: setup.body.setupIntentId,
    });
    expect(stolen).toMatchObject({ status: 404, body: { code: 'setup_not_found' } });
    const unknown = await owner.call('POST', '/api/billing/payment-method/confirm', {
      setupIntentId: 'seti_does_not_exist',
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'setup_not_found' } });
    const mine = await owner.call('POST', '/api/billing/payment-method/confirm', {
      setupIntentId: setup.body.setupIntentId,
    });
    expect(mine).toMatchObject({ status: 200, body: { plan: null } });
  });
});
