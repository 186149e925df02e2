import { paymentReviewResponseSchema } from '@mia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startBillingHarness,
  TEST_CARDS,
  type BillingHarness,
} from '../testing/billing-harness.fixture.js';

describe('the amount charged is the amount started', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

  it('a PaymentIntent changed to 0.50 with the secret key and paid: nothing granted, listed for staff review', async () => {
    const buyer = await h.signIn({ name: 'Ana' });
    const intent = await buyer.call<{ clientSecret: string; paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId: 'manual-ceremonias' },
    );
    expect(intent.status).toBe(200);
    // Whoever holds the secret key (the sandbox's, as billing's) lowers the amount.
    const { stripe } = h.service.deps.billing.provider;
    await stripe.paymentIntents.update(intent.body.paymentIntentId, { amount: 50 });
    const confirmed = await h.confirmCard(intent.body.clientSecret, TEST_CARDS.visa);
    expect(confirmed.status).toBe(200);

    const confirmation = await buyer.call('POST', '/api/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(confirmation).toMatchObject({ status: 409, body: { code: 'payment_under_review' } });
    // The webhook of the same payment adds nothing.
    await h.settled();

    const mismatched = (await h.events('PaymentMismatched')).filter(
      (e) => e.data.userId === buyer.userId,
    );
    expect(mismatched).toHaveLength(1);
    const paymentId = mismatched[0]!.data.paymentId as string;
    expect(mismatched[0]?.data).toMatchObject({
      expectedCents: 999,
      expectedCurrency: 'usd',
      paidCents: 50,
      paidCurrency: 'usd',
      providerPaymentId: intent.body.paymentIntentId,
    });
    // No PaymentSucceeded: access grants nothing, billing owns nothing.
    const succeeded = (await h.events('PaymentSucceeded')).filter(
      (e) => e.data.paymentId === paymentId,
    );
    expect(succeeded).toEqual([]);
    expect((await h.events('ProductOwned')).filter((e) => e.data.paymentId === paymentId)).toEqual(
      [],
    );

    const admin = await h.signIn({ role: 'admin', email: 'admin@ministerioia.com' });
    const review = await admin.call('GET', '/api/admin/payments/review');
    expect(review.status).toBe(200);
    const listed = paymentReviewResponseSchema.parse(review.body).payments;
    expect(listed.filter((p) => p.paymentId === paymentId)).toEqual([
      expect.objectContaining({
        userId: buyer.userId,
        productId: 'manual-ceremonias',
        expectedCents: 999,
        paidCents: 50,
      }),
    ]);
    expect((await buyer.call('GET', '/api/admin/payments/review')).status).toBe(403);

    // The checkout is closed: buying the tool again starts a new payment at the full price.
    const again = await buyer.call<{ paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId: 'manual-ceremonias' },
    );
    expect(again.status).toBe(200);
    expect(again.body.paymentIntentId).not.toBe(intent.body.paymentIntentId);
    expect(h.sandbox.state.paymentIntents.get(again.body.paymentIntentId)?.amount).toBe(999);
  });

  it('resuming an open checkout whose PaymentIntent no longer asks the started price sets it back', async () => {
    const buyer = await h.signIn();
    const first = await buyer.call<{ clientSecret: string; paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId: 'apocalipsis' },
    );
    const { stripe } = h.service.deps.billing.provider;
    await stripe.paymentIntents.update(first.body.paymentIntentId, { amount: 50 });
    const resumed = await buyer.call<{ paymentIntentId: string }>(
      'POST',
      '/api/create-payment-intent',
      { productId: 'apocalipsis' },
    );
    expect(resumed.body.paymentIntentId).toBe(first.body.paymentIntentId);
    expect(h.sandbox.state.paymentIntents.get(first.body.paymentIntentId)?.amount).toBe(999);
  });
});
