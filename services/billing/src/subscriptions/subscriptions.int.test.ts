import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@mia/testing';
import {
  EVENT_WAIT_MS,
  startBillingHarness,
  subscribe,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

/** A personal plan's announcements are v2 plus a v1 twin (ADR 0020): count the v2 ones. */
const ANNOUNCEMENTS = new Set([
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionChanged',
  'SubscriptionEnded',
]);
const notTwin = (e: { type: string; version: number }) =>
  !(ANNOUNCEMENTS.has(e.type) && e.version === 1);

describe('plans against the Stripe sandbox (real SDK)', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

  const eventsOf = async (type: string, caller: Caller) =>
    (await h.events(type)).filter((e) => e.data.userId === caller.userId && notTwin(e));

  const plan = async (caller: Caller) =>
    (await caller.call<{ plan: Record<string, unknown> | null }>('GET', '/api/billing')).body.plan;

  it('monthly with 4242 activates; a second subscription is refused; the clock renews it', async () => {
    const member = await h.signIn();
    const { confirmed, confirmation } = await subscribe(h, member, 'monthly');
    expect(confirmed.body.status).toBe('succeeded');
    expect(confirmation.body).toMatchObject({ status: 'succeeded' });
    await h.settled();

    const [activated, ...moreActivated] = await eventsOf('SubscriptionActivated', member);
    expect(moreActivated).toEqual([]);
    expect(activated?.data).toMatchObject({ plan: 'monthly' });
    const firstPayments = await eventsOf('PaymentSucceeded', member);
    expect(firstPayments).toHaveLength(1);
    expect(firstPayments[0]?.data).toMatchObject({
      amountCents: 2000,
      description: 'Plan Mensual',
      purpose: { kind: 'subscription', plan: 'monthly' },
      cardLast4: '4242',
    });
    expect(await plan(member)).toMatchObject({
      planType: 'monthly',
      status: 'active',
      cancelAtPeriodEnd: false,
      priceCents: 2000,
    });

    const second = await member.call('POST', '/api/subscriptions', {
      priceId: 'annual-subscription',
      planType: 'annual',
    });
    expect(second).toMatchObject({ status: 409, body: { code: 'already_subscribed' } });

    await h.advanceDays(31);
    const renewed = await waitFor(async () => (await eventsOf('SubscriptionRenewed', member))[0], {
      message: 'the renewal',
    });
    const end = new Date(renewed.data.currentPeriodEnd as string).getTime();
    expect(end).toBeGreaterThan(new Date(activated!.data.currentPeriodEnd as string).getTime());
    expect(await eventsOf('PaymentSucceeded', member)).toHaveLength(2);
    expect(await eventsOf('SubscriptionRenewed', member)).toHaveLength(1);
  });

  it('the plan must be the one the page names; a wrong priceId is refused', async () => {
    const member = await h.signIn();
    const answer = await member.call('POST', '/api/subscriptions', {
      priceId: 'monthly-subscription',
      planType: 'annual',
    });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Producto Inválido' } });
    const placeholder = await member.call<{ clientSecret: string }>('POST', '/api/subscriptions', {
      priceId: 'price_annual_placeholder',
      planType: 'annual',
    });
    expect(placeholder.status).toBe(200);
    // The same checkout again resumes the unpaid subscription instead of opening a second one.
    const again = await member.call<{ clientSecret: string }>('POST', '/api/subscriptions', {
      priceId: 'annual-subscription',
      planType: 'annual',
    });
    expect(again.body.clientSecret).toBe(placeholder.body.clientSecret);
  });

  it('cancel at period end, resume, change plan', async () => {
    const member = await h.signIn();
    await subscribe(h, member, 'monthly');
    await h.settled();

    const canceled = await member.call('POST', '/api/billing/subscription/cancel');
    expect(canceled.body).toMatchObject({ planType: 'monthly', cancelAtPeriodEnd: true });
    expect(await plan(member)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });

    const resumed = await member.call('POST', '/api/billing/subscription/resume');
    expect(resumed.body).toMatchObject({ cancelAtPeriodEnd: false });

    const same = await member.call('POST', '/api/billing/subscription/change-plan', {
      planType: 'monthly',
    });
    expect(same).toMatchObject({ status: 409, body: { code: 'same_plan' } });

    const changed = await member.call('POST', '/api/billing/subscription/change-plan', {
      planType: 'annual',
    });
    expect(changed.body).toMatchObject({ planType: 'annual', priceCents: 6500 });
    await h.settled();
    expect(await plan(member)).toMatchObject({ planType: 'annual', status: 'active' });

    const changes = (await eventsOf('SubscriptionChanged', member)).map((e) => e.data);
    expect(changes.map((c) => [c.plan, c.cancelAtPeriodEnd])).toEqual([
      ['monthly', true],
      ['monthly', false],
      ['annual', false],
    ]);
    // The plan change's prorated invoice was paid: a renewal to the annual period end.
    const renewals = await eventsOf('SubscriptionRenewed', member);
    expect(renewals.map((r) => r.data.plan)).toEqual(['annual']);
    expect(await eventsOf('SubscriptionActivated', member)).toHaveLength(1);
  });

  it('a card replaced with 0341 fails the renewal: PaymentFailed, a notice, and after the retries the subscription ends', async () => {
    const member = await h.signIn({ name: 'Marta' });
    await subscribe(h, member, 'monthly');
    await h.settled();

    const setup = await member.call<{ clientSecret: string; setupIntentId: string }>(
      'POST',
      '/api/billing/payment-method',
    );
    expect(setup.status).toBe(200);
    const saved = await h.confirmCard(setup.body.clientSecret, TEST_CARDS.attachThenFail);
    expect(saved.body.status).toBe('succeeded');
    await h.settled();
    await waitFor(
      async () =>
        (await member.call<{ card: { last4: string } | null }>('GET', '/api/billing')).body.card
          ?.last4 === '0341',
      { message: 'the new card on file' },
    );

    await h.advanceDays(31);
    const failed = await waitFor(async () => (await eventsOf('PaymentFailed', member))[0], {
      message: 'the failed renewal',
    });
    expect(failed.data).toMatchObject({
      amountCents: 2000,
      purpose: { kind: 'subscription', plan: 'monthly' },
      code: 'generic_decline',
    });
    expect(await plan(member)).toMatchObject({ status: 'past_due' });
    const notice = await waitFor(
      async () =>
        (await h.mails()).find((m) => m.to === member.email && m.kind === 'renewal-failed'),
      { message: 'the renewal-failed notice', timeoutMs: EVENT_WAIT_MS },
    );
    expect(notice.subject).toContain('Plan Mensual');
    expect(await eventsOf('SubscriptionRenewed', member)).toEqual([]);

    await h.advanceDays(6);
    const ended = await waitFor(async () => (await eventsOf('SubscriptionEnded', member))[0], {
      message: 'the end of the subscription',
    });
    expect(ended.data).toMatchObject({ reason: 'payment_failed' });
    expect(await plan(member)).toMatchObject({ status: 'canceled' });
    // One notice for the renewal, however many retries failed.
    const notices = (await h.mails()).filter(
      (m) => m.to === member.email && m.kind === 'renewal-failed',
    );
    expect(notices).toHaveLength(1);
  });
});
