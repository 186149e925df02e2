import {
  GiftClaimedV1,
  adminRefundResponseSchema,
  salesMetricsResponseSchema,
} from '@mia/contracts';
import { createSessionSigner, devKeys } from '@mia/service-kit';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startBillingHarness,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

// Gifts through the Stripe sandbox (issue 25, ADR 0020): billing takes the money and announces
// GiftPaid / GiftRefunded, never a purchase of the buyer's.

interface GiftAnswer {
  giftId: string;
  clientSecret: string;
  amountCents: number;
}

describe('gifts (billing side)', () => {
  let h: BillingHarness;
  let access: EventPublisher;
  beforeAll(async () => {
    h = await startBillingHarness();
    // Plays access: its GiftClaimed reaches billing through NATS as the relay publishes it.
    access = await startEventPublisher(h.db, h.nats, 'access');
  });
  afterAll(async () => {
    await access?.stop();
    await h?.stop();
  });

  async function giveGift(
    buyer: Caller,
    body: Record<string, unknown> = { productId: 'manual-ceremonias' },
    card: string = TEST_CARDS.visa,
  ) {
    const created = await buyer.call<GiftAnswer>('POST', '/api/gifts', {
      recipientEmail: 'pastor.regalo@iglesia.org',
      ...body,
    });
    if (created.status !== 200) throw new Error(`gifts: ${JSON.stringify(created)}`);
    const confirmed = await h.confirmCard(created.body.clientSecret, card);
    const paymentIntentId = created.body.clientSecret.split('_secret_')[0]!;
    const confirmation = await buyer.call('POST', '/api/confirm-payment', { paymentIntentId });
    return { ...created.body, confirmed, confirmation, paymentIntentId };
  }

  const giftEvents = async (type: string, giftId: string) =>
    (await h.events(type)).filter((e) => e.data.giftId === giftId);

  it('a tool gift paid through the sandbox: one GiftPaid, no purchase of the buyer, a receipt, the payment history', async () => {
    const buyer = await h.signIn({ name: 'Ana' });
    const gift = await giveGift(buyer, {
      productId: 'manual-ceremonias',
      message: 'Gracias, pastor',
    });
    expect(gift.amountCents).toBe(999);
    expect(gift.confirmation).toMatchObject({
      status: 200,
      body: { status: 'succeeded', paymentId: gift.giftId },
    });
    await h.settled();

    const [paid, ...more] = await giftEvents('GiftPaid', gift.giftId);
    expect(more).toEqual([]);
    expect(paid?.streamId).toBe(`gift-${gift.giftId}`);
    expect(paid?.data).toMatchObject({
      buyerId: buyer.userId,
      paymentId: gift.giftId,
      providerPaymentId: gift.paymentIntentId,
      item: { kind: 'product', productId: 'manual-ceremonias' },
      amountCents: 999,
      currency: 'usd',
      recipientEmail: 'pastor.regalo@iglesia.org',
      message: 'Gracias, pastor',
    });
    // Sent as soon as it is paid when the buyer chose no time.
    expect(paid?.data.sendAt).toBe(paid?.data.paidAt);
    // Never a purchase: the buyer owns nothing and no PaymentSucceeded was appended.
    const payments = await h.events('PaymentSucceeded');
    expect(payments.filter((e) => e.data.userId === buyer.userId)).toEqual([]);
    expect((await h.events('ProductOwned')).filter((e) => e.data.userId === buyer.userId)).toEqual(
      [],
    );

    const receipt = await waitFor(
      async () =>
        (await h.mails()).find(
          (m) => m.to === buyer.email && m.subject.startsWith('Recibo de tu regalo'),
        ),
      { message: 'the gift receipt', timeoutMs: 20_000 },
    );
    expect(receipt.subject).toBe(
      'Recibo de tu regalo: Manual de Ceremonias Ministeriales para pastor.regalo@iglesia.org',
    );
    expect(receipt.text).toMatch(/\$9\.99 USD/);

    const es = await buyer.call<{ invoices: Record<string, unknown>[] }>('GET', '/api/billing');
    expect(es.body.invoices).toEqual([
      expect.objectContaining({
        id: gift.giftId,
        description: 'Regalo: Manual de Ceremonias Ministeriales para pastor.regalo@iglesia.org',
        amount: '9.99',
        status: 'succeeded',
      }),
    ]);
    const en = await buyer.call<{ invoices: Record<string, unknown>[] }>(
      'GET',
      '/api/billing?lang=en',
    );
    expect(en.body.invoices[0]?.description).toBe(
      "Gift: Minister's Ceremonies Manual for pastor.regalo@iglesia.org",
    );
  });

  it('redelivered and repeated reports of the payment record one GiftPaid and one receipt', async () => {
    const buyer = await h.signIn();
    const gift = await giveGift(buyer, { productId: 'apocalipsis' });
    await h.settled();
    const event = [...h.sandbox.state.events.values()].find(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object as Stripe.PaymentIntent).id === gift.paymentIntentId,
    );
    if (!event) throw new Error('the sandbox made no payment_intent.succeeded event');
    const payload = JSON.stringify(event);
    const again = JSON.stringify({ ...event, id: `${event.id}_again` });
    const statuses = await Promise.all([
      ...Array.from({ length: 5 }, () => h.postWebhook(payload)),
      h.postWebhook(again),
      buyer
        .call('POST', '/api/confirm-payment', { paymentIntentId: gift.paymentIntentId })
        .then((r) => r.status),
    ]);
    expect(statuses).toEqual(Array(7).fill(200));
    expect(await giftEvents('GiftPaid', gift.giftId)).toHaveLength(1);
    // The receipt follows GiftPaid through the bus: once, whatever was reported again.
    await h.waitForEvent('GiftReceiptSent', (d) => d.giftId === gift.giftId);
    const receipts = (await h.mails()).filter((m) => m.to === buyer.email);
    expect(receipts).toHaveLength(1);
    expect(await giftEvents('GiftReceiptSent', gift.giftId)).toHaveLength(1);
  });

  it('a plan gift is one period at the plan price, with no subscription', async () => {
    const buyer = await h.signIn();
    const subscriptions = h.sandbox.state.subscriptions.size;
    const plan = await h.service.deps.billing.catalog.plan('annual');
    const gift = await giveGift(buyer, { planType: 'annual' });
    expect(gift.amountCents).toBe(plan.priceCents);
    await h.settled();
    const [paid] = await giftEvents('GiftPaid', gift.giftId);
    expect(paid?.data).toMatchObject({
      item: { kind: 'plan', plan: 'annual' },
      amountCents: plan.priceCents,
    });
    expect(h.sandbox.state.subscriptions.size).toBe(subscriptions);
    expect(await h.events('SubscriptionActivated')).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ data: expect.objectContaining({ userId: buyer.userId }) }),
      ]),
    );
  });

  it('staff refund an unclaimed gift in full: GiftRefunded once with wasClaimed false', async () => {
    const buyer = await h.signIn();
    const admin = await h.signIn({ role: 'admin', email: 'admin@ministerioia.com' });
    const gift = await giveGift(buyer, { productId: 'cantar-cantares' });
    await h.settled();
    // Long after the policy's days: nobody has had an unclaimed gift, so it is within policy.
    await h.advanceDays(30);

    const refunded = await admin.call('POST', '/api/admin/refunds', { paymentId: gift.giftId });
    expect(refunded.status).toBe(200);
    adminRefundResponseSchema.parse(refunded.body);
    expect(refunded.body).toMatchObject({
      paymentId: gift.giftId,
      status: 'refunded',
      amountCents: 999,
      withinPolicy: true,
      full: true,
    });
    await h.settled();
    const events = await giftEvents('GiftRefunded', gift.giftId);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        buyerId: buyer.userId,
        paymentId: gift.giftId,
        amountCents: 999,
        wasClaimed: false,
      }),
    ]);
    expect(
      (await h.events('PaymentRefunded')).filter((e) => e.data.paymentId === gift.giftId),
    ).toEqual([]);
    const again = await admin.call('POST', '/api/admin/refunds', { paymentId: gift.giftId });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_refunded' } });

    const overview = await buyer.call<{ invoices: { id: string; status: string }[] }>(
      'GET',
      '/api/billing',
    );
    expect(overview.body.invoices).toEqual([
      expect.objectContaining({ id: gift.giftId, status: 'refunded' }),
    ]);
  });

  it("a claimed gift follows the tool's rules: past the policy's days it is outside policy; GiftRefunded says it was claimed", async () => {
    const buyer = await h.signIn();
    const admin = await h.signIn({ role: 'admin', email: 'admin@ministerioia.com' });
    const gift = await giveGift(buyer, { productId: 'generador-sermones' });
    await h.settled();
    await access.store.append(`gift-${gift.giftId}`, 'any', [
      {
        type: GiftClaimedV1.type,
        data: {
          giftId: gift.giftId,
          buyerId: buyer.userId,
          recipientId: '00000000-0000-4000-8000-0000000000bb',
          alreadyOwned: false,
          claimedAt: new Date().toISOString(),
        },
      },
    ]);
    await h.waitForEvent('GiftClaimNoted', (d) => d.giftId === gift.giftId);
    await h.advanceDays(10);

    const refunded = await admin.call('POST', '/api/admin/refunds', { paymentId: gift.giftId });
    expect(refunded).toMatchObject({
      status: 200,
      body: { paymentId: gift.giftId, amountCents: 999, withinPolicy: false, full: true },
    });
    await h.settled();
    const events = await giftEvents('GiftRefunded', gift.giftId);
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ wasClaimed: true })]);
  });

  it('a refund made at the provider reaches the gift by the webhook: GiftRefunded once', async () => {
    const buyer = await h.signIn();
    const gift = await giveGift(buyer, { productId: 'epistolas-pablo' });
    await h.settled();
    await h.service.deps.billing.provider.stripe.refunds.create({
      payment_intent: gift.paymentIntentId,
    });
    await h.waitForEvent('GiftRefunded', (d) => d.giftId === gift.giftId);
    await h.settled();
    expect((await giftEvents('GiftRefunded', gift.giftId)).map((e) => e.data)).toEqual([
      expect.objectContaining({ amountCents: gift.amountCents, wasClaimed: false }),
    ]);
  });

  it('a declined card: 402 with the provider message, no GiftPaid; a good card then pays the same gift', async () => {
    const buyer = await h.signIn();
    const declined = await giveGift(
      buyer,
      { productId: 'capacitacion-biblica' },
      TEST_CARDS.declined,
    );
    expect(declined.confirmation).toMatchObject({
      status: 402,
      body: { code: 'generic_decline' },
    });
    await h.settled();
    expect(await giftEvents('GiftPaid', declined.giftId)).toEqual([]);
    await h.confirmCard(declined.clientSecret, TEST_CARDS.visa);
    const paid = await buyer.call('POST', '/api/confirm-payment', {
      paymentIntentId: declined.paymentIntentId,
    });
    expect(paid).toMatchObject({ status: 200, body: { paymentId: declined.giftId } });
    expect(await giftEvents('GiftPaid', declined.giftId)).toHaveLength(1);
  });

  it('a part refund by staff keeps the gift; the rest later announces GiftRefunded once', async () => {
    const buyer = await h.signIn();
    const admin = await h.signIn({ role: 'admin', email: 'admin@ministerioia.com' });
    const gift = await giveGift(buyer, { productId: 'comentario-exegetico' });
    await h.settled();
    const part = await admin.call('POST', '/api/admin/refunds', {
      paymentId: gift.giftId,
      amountCents: 300,
    });
    expect(part).toMatchObject({ status: 200, body: { amountCents: 300, full: false } });
    await h.settled();
    expect(await giftEvents('GiftRefunded', gift.giftId)).toEqual([]);
    const rest = await admin.call('POST', '/api/admin/refunds', { paymentId: gift.giftId });
    expect(rest).toMatchObject({ status: 200, body: { amountCents: 699, full: true } });
    await h.settled();
    expect(await giftEvents('GiftRefundRecorded', gift.giftId)).toHaveLength(2);
    expect(await giftEvents('GiftRefunded', gift.giftId)).toHaveLength(1);
  });

  it('a disputed gift payment is recorded on the gift for staff; no payment dispute is announced', async () => {
    const buyer = await h.signIn();
    const gift = await giveGift(buyer, { productId: 'manual-ceremonias' }, TEST_CARDS.dispute);
    expect(gift.confirmation.status).toBe(200);
    await h.waitForEvent('GiftDisputeNoted', (d) => d.giftId === gift.giftId);
    await h.settled();
    expect(
      (await h.events('PaymentDisputed')).filter((e) => e.data.paymentId === gift.giftId),
    ).toEqual([]);
    expect(await giftEvents('GiftPaid', gift.giftId)).toHaveLength(1);
  });

  it('validation: one of tool or plan, the message length, sendAt in range, a known tool', async () => {
    const buyer = await h.signIn();
    const before = h.sandbox.state.paymentIntents.size;
    const post = (body: Record<string, unknown>) =>
      buyer.call('POST', '/api/gifts', { recipientEmail: 'pastor@iglesia.org', ...body });
    expect((await post({})).status).toBe(400);
    expect((await post({ productId: 'manual-ceremonias', planType: 'monthly' })).status).toBe(400);
    expect((await post({ productId: 'manual-ceremonias', recipientEmail: 'no' })).status).toBe(400);
    expect((await post({ productId: 'manual-ceremonias', message: 'x'.repeat(501) })).status).toBe(
      400,
    );
    const past = await post({
      productId: 'manual-ceremonias',
      sendAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    });
    expect(past).toMatchObject({ status: 400, body: { code: 'send_at_past' } });
    const late = await post({
      productId: 'manual-ceremonias',
      sendAt: new Date(Date.now() + 367 * 24 * 60 * 60_000).toISOString(),
    });
    expect(late).toMatchObject({ status: 400, body: { code: 'send_at_too_late' } });
    const unknown = await post({ productId: 'nope' });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Producto Inválido' } });
    expect(h.sandbox.state.paymentIntents.size).toBe(before);

    // A gift to one's own address is allowed, and a scheduled one keeps its time.
    const sendAt = new Date(Date.now() + 10 * 24 * 60 * 60_000).toISOString();
    const own = await post({ productId: 'manual-ceremonias', recipientEmail: buyer.email, sendAt });
    expect(own.status).toBe(200);
  });
  it('the sales view counts a gift as revenue of its tool, and its refund', async () => {
    const buyer = await h.signIn();
    const admin = await h.signIn({ role: 'admin', email: 'admin@ministerioia.com' });
    // Wide enough for the sandbox clock the tests above moved forward.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const metrics = async () => {
      const answer = await admin.call(
        'GET',
        `/api/admin/metrics?from=${day(-1)}&to=${day(400)}&interval=month`,
      );
      expect(answer.status).toBe(200);
      return salesMetricsResponseSchema.parse(answer.body);
    };
    const toolOf = (m: Awaited<ReturnType<typeof metrics>>) =>
      m.topTools.find((t) => t.productId === 'diccionario-biblico') ?? {
        sales: 0,
        revenueCents: 0,
      };
    const before = await metrics();
    const gift = await giveGift(buyer, { productId: 'diccionario-biblico' });
    await h.settled();
    const after = await metrics();
    expect(after.revenue.grossCents - before.revenue.grossCents).toBe(gift.amountCents);
    expect(toolOf(after).sales - toolOf(before).sales).toBe(1);
    expect(after.mrrCents).toBe(before.mrrCents);
    const refunded = await admin.call('POST', '/api/admin/refunds', { paymentId: gift.giftId });
    expect(refunded.status).toBe(200);
    await h.settled();
    const end = await metrics();
    expect(end.revenue.refundedCents - after.revenue.refundedCents).toBe(gift.amountCents);

    // The payments CSV names the gift as the payment history does, with its refund.
    const keys = devKeys();
    if (!keys) throw new Error('The development keys are needed to sign test sessions');
    const sign = createSessionSigner({
      privateKeyPem: keys.privateKeyPem,
      issuer: 'mia-identity',
      audience: 'mia',
    });
    const { token } = await sign({
      userId: admin.userId,
      role: 'admin',
      email: admin.email,
      name: 'Dueña',
      amr: ['pwd', 'otp'],
    });
    const res = await fetch(
      `${h.service.url}/api/admin/exports/payments.csv?from=${day(-1)}&to=${day(400)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(200);
    const line = (await res.text()).split('\n').find((l) => l.startsWith(gift.giftId));
    expect(line).toContain('Regalo: Diccionario Bíblico para pastor.regalo@iglesia.org');
    expect(line).toContain('refunded');
    expect(line).toContain(gift.paymentIntentId);
  });

  it('a retired tool is no longer given (409), as it is no longer sold', async () => {
    const buyer = await h.signIn();
    const admin = await h.signIn({ role: 'admin', email: 'admin@ministerioia.com' });
    const retired = await admin.call('POST', '/api/admin/products/que-dice-la-biblia/retire');
    expect(retired.status).toBe(200);
    const answer = await buyer.call('POST', '/api/gifts', {
      productId: 'que-dice-la-biblia',
      recipientEmail: 'pastor@iglesia.org',
    });
    expect(answer).toMatchObject({ status: 409, body: { code: 'product_retired' } });
  });
});
