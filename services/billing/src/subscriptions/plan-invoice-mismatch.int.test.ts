import { paymentReviewResponseSchema } from '@mia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startBillingHarness,
  subscribe,
  type BillingHarness,
} from '../testing/billing-harness.fixture.js';

// Issue 20 item 5: a plan invoice is checked against the plan's price. Whoever holds the secret
// key moves the subscription to a cheaper ad-hoc price; the renewal it bills pays no period.

/** A personal plan's announcements are v2 plus a v1 twin (ADR 0020): count the v2 ones. */
const ANNOUNCEMENTS = new Set([
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionChanged',
  'SubscriptionEnded',
]);
const notTwin = (e: { type: string; version: number }) =>
  !(ANNOUNCEMENTS.has(e.type) && e.version === 1);

describe('a plan renewal that collected other money than the plan price (real SDK, sandbox)', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

  it('renews nothing (access not extended) and is listed for staff review', async () => {
    const member = await h.signIn();
    const { created } = await subscribe(h, member, 'monthly');
    await h.settled();
    const { stripe } = h.service.deps.billing.provider;
    const ofMember = async (type: string) =>
      (await h.events(type)).filter((e) => e.data.userId === member.userId && notTwin(e));
    expect(await ofMember('SubscriptionActivated')).toHaveLength(1);

    const sub = await stripe.subscriptions.retrieve(created.subscriptionId);
    const item = sub.items.data[0]!;
    const product =
      typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    const cheap = await stripe.prices.create({
      product,
      currency: item.price.currency,
      unit_amount: 50,
      recurring: { interval: 'month' },
    });
    await stripe.subscriptions.update(created.subscriptionId, {
      items: [{ id: item.id, price: cheap.id }],
      proration_behavior: 'none',
    });

    await h.advanceDays(31);
    await h.settled();
    const renewal = (
      await stripe.invoices.list({ subscription: created.subscriptionId, limit: 10 })
    ).data.find((i) => i.billing_reason === 'subscription_cycle');
    expect(renewal).toMatchObject({ status: 'paid', amount_paid: 50 });

    // Only Activated/Renewed extend a plan's access: neither was recorded for this invoice.
    expect(await ofMember('SubscriptionRenewed')).toEqual([]);
    expect(await ofMember('SubscriptionActivated')).toHaveLength(1);
    const [held] = await ofMember('SubscriptionInvoiceMismatched');
    expect(held?.data).toMatchObject({ invoiceId: renewal!.id, paidCents: 50 });

    const [mismatched] = (await ofMember('PaymentMismatched')).filter(
      (e) => (e.data.purpose as { kind: string }).kind === 'subscription',
    );
    expect(mismatched?.data).toMatchObject({ paidCents: 50, paidCurrency: item.price.currency });
    const paymentId = mismatched!.data.paymentId as string;
    expect(
      (await h.events('PaymentSucceeded')).filter((e) => e.data.paymentId === paymentId),
    ).toEqual([]);

    const admin = await h.signIn({ role: 'admin', email: 'admin@ministerioia.com' });
    const review = await admin.call('GET', '/api/admin/payments/review');
    expect(review.status).toBe(200);
    const listed = paymentReviewResponseSchema.parse(review.body).payments;
    expect(listed.filter((p) => p.paymentId === paymentId)).toEqual([
      expect.objectContaining({
        userId: member.userId,
        kind: 'subscription',
        expectedCents: item.price.unit_amount,
        paidCents: 50,
      }),
    ]);
  });
});
