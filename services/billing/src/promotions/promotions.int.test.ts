import { waitFor } from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startBillingHarness,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

// Promotion codes end to end with real PostgreSQL and NATS and the provider sandbox.
describe('promotion codes on tool checkouts', () => {
  let h: BillingHarness;
  let admin: Caller;
  beforeAll(async () => {
    h = await startBillingHarness();
    admin = await h.signIn({ role: 'admin' });
  });
  afterAll(() => h?.stop());

  const createCode = (body: Record<string, unknown>) =>
    admin.call('POST', '/api/admin/promotion-codes', {
      duration: 'once',
      appliesTo: 'all',
      ...body,
    });
  const checkout = (buyer: Caller, promotionCode?: string, productId = 'manual-ceremonias') =>
    buyer.call<{
      clientSecret: string;
      paymentIntentId?: string;
      amountCents: number;
      discountCents: number;
    }>('POST', '/api/create-payment-intent', {
      productId,
      ...(promotionCode ? { promotionCode } : {}),
    });

  it('the owner creates, lists and deactivates codes; codes are case-insensitive', async () => {
    const created = await createCode({ code: 'Verano25', percentOff: 25, maxRedemptions: 10 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'Verano25', active: true, redemptions: 0 });
    expect((await createCode({ code: 'VERANO25', percentOff: 10 })).status).toBe(409);
    const user = await h.signIn();
    expect((await user.call('GET', '/api/admin/promotion-codes')).status).toBe(403);
    const off = await admin.call('POST', '/api/admin/promotion-codes/verano25/deactivate');
    expect(off).toMatchObject({ status: 200, body: { active: false } });
    const list = await admin.call('GET', '/api/admin/promotion-codes');
    expect(list.body.promotionCodes).toContainEqual(
      expect.objectContaining({ code: 'Verano25', active: false, redemptions: 0 }),
    );
    const refused = await checkout(user, 'verano25');
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_promotion_code' } });
  });

  it('a 50 % code charges half, and the redemption is listed', async () => {
    await createCode({ code: 'MITAD', percentOff: 50 });
    const buyer = await h.signIn();
    const intent = await checkout(buyer, 'mitad');
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ amountCents: 499, discountCents: 500 });
    const pi = h.sandbox.state.paymentIntents.get(intent.body.paymentIntentId!);
    expect(pi?.amount).toBe(499);
    await h.confirmCard(intent.body.clientSecret, TEST_CARDS.visa);
    const confirmation = await buyer.call('POST', '/api/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
    });
    expect(confirmation.body).toMatchObject({ status: 'succeeded' });
    const paid = await h.waitForEvent(
      'PaymentSucceeded',
      (d) => d.paymentId === confirmation.body.paymentId,
    );
    expect(paid.data).toMatchObject({ amountCents: 499 });
    const receipt = await waitFor(async () => {
      const found = (await h.mails()).find((m) => m.to === buyer.email && m.kind === 'receipt');
      if (!found) throw new Error('no receipt yet');
      return found;
    });
    expect(receipt.text).toMatch(/Descuento.*\(código MITAD\)/);
    const list = await admin.call('GET', '/api/admin/promotion-codes');
    expect(list.body.promotionCodes).toContainEqual(
      expect.objectContaining({ code: 'MITAD', redemptions: 1 }),
    );
  });

  it('a 100 % code completes the purchase with no card and no PaymentIntent', async () => {
    await createCode({ code: 'GRATIS', percentOff: 100 });
    const buyer = await h.signIn();
    const before = h.sandbox.state.paymentIntents.size;
    const answer = await checkout(buyer, 'GRATIS', 'generador-sermones');
    expect(answer).toMatchObject({
      status: 200,
      body: { clientSecret: '', amountCents: 0, discountCents: expect.any(Number) },
    });
    expect(h.sandbox.state.paymentIntents.size).toBe(before);
    const paid = await h.waitForEvent('PaymentSucceeded', (d) => d.userId === buyer.userId);
    expect(paid.data).toMatchObject({
      amountCents: 0,
      purpose: { kind: 'product', productId: 'generador-sermones' },
    });
    // Owned for life now: a second checkout is refused as for any purchase.
    expect((await checkout(buyer, undefined, 'generador-sermones')).status).toBe(409);
  });

  it('expired, exhausted and inapplicable codes answer 400 and charge nothing', async () => {
    await createCode({ code: 'CADUCADO', percentOff: 10, expiresAt: '2020-01-01T00:00:00Z' });
    await createCode({ code: 'PLANES', percentOff: 10, appliesTo: 'plans' });
    await createCode({ code: 'UNAVEZ', percentOff: 10, maxRedemptions: 1 });
    await checkout(await h.signIn(), 'UNAVEZ');
    const buyer = await h.signIn();
    const before = h.sandbox.state.paymentIntents.size;
    for (const code of ['CADUCADO', 'PLANES', 'UNAVEZ', 'NOEXISTE']) {
      const answer = await checkout(buyer, code);
      expect(answer.status, code).toBe(400);
      expect(answer.body, code).toMatchObject({ code: 'invalid_promotion_code' });
      expect((answer.body as unknown as { message: string }).message, code).toMatch(
        /código de descuento/,
      );
    }
    expect(h.sandbox.state.paymentIntents.size).toBe(before);
    // The same customer can still buy without a code.
    expect((await checkout(buyer)).body).toMatchObject({ amountCents: 999, discountCents: 0 });
  });

  it('maxRedemptions holds under concurrent checkouts', async () => {
    await createCode({ code: 'TRES', percentOff: 20, maxRedemptions: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => h.signIn()));
    const answers = await Promise.all(buyers.map((b) => checkout(b, 'tres')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    const list = await admin.call('GET', '/api/admin/promotion-codes');
    expect(list.body.promotionCodes).toContainEqual(
      expect.objectContaining({ code: 'TRES', redemptions: 3 }),
    );
  });

  it('a plan with a percent code bills the discounted first invoice at the provider', async () => {
    await createCode({ code: 'PLAN30', percentOff: 30, appliesTo: 'plans', duration: 'once' });
    const buyer = await h.signIn();
    const created = await buyer.call<{
      clientSecret: string;
      amountCents: number;
      discountCents: number;
    }>('POST', '/api/subscriptions', {
      priceId: 'monthly-subscription',
      planType: 'monthly',
      promotionCode: 'plan30',
    });
    expect(created.status).toBe(200);
    const { amountCents, discountCents } = created.body;
    expect(discountCents).toBe(Math.round(((amountCents + discountCents) * 30) / 100));
    const piId = created.body.clientSecret.split('_secret_')[0]!;
    expect(h.sandbox.state.paymentIntents.get(piId)?.amount).toBe(amountCents);
    await h.confirmCard(created.body.clientSecret, TEST_CARDS.visa);
    const confirmation = await buyer.call('POST', '/api/confirm-payment', {
      paymentIntentId: piId,
    });
    expect(confirmation.body).toMatchObject({ status: 'succeeded' });
    const paid = await h.waitForEvent('PaymentSucceeded', (d) => d.userId === buyer.userId);
    expect(paid.data).toMatchObject({ amountCents, purpose: { kind: 'subscription' } });
    // A tools-only code is refused on a plan, in the caller's language by default Spanish.
    await createCode({ code: 'SOLOTOOLS', percentOff: 10, appliesTo: 'tools' });
    const other = await h.signIn();
    const refused = await other.call('POST', '/api/subscriptions', {
      priceId: 'monthly-subscription',
      planType: 'monthly',
      promotionCode: 'SOLOTOOLS',
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_promotion_code' } });
  });
});
