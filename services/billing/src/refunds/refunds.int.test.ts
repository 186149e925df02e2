import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRefundResponseSchema } from '@mia/contracts';
import { waitFor } from '@mia/testing';
import {
  buyTool,
  startBillingHarness,
  TEST_CARDS,
  type BillingHarness,
} from '../testing/billing-harness.fixture.js';

describe('refunds and disputes', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness();
  });
  afterAll(() => h?.stop());

  it('an admin refunds a payment in full: PaymentRefunded once, the tool can be bought again', async () => {
    const buyer = await h.signIn();
    const admin = await h.signIn({ role: 'admin', email: 'admin@ministerioia.com' });
    const { confirmation } = await buyTool(h, buyer, 'comentario-exegetico');
    const paymentId = confirmation.body.paymentId as string;

    const refunded = await admin.call('POST', '/api/admin/refunds', { paymentId });
    expect(refunded.status).toBe(200);
    // The answer keeps the contract the admin panel reads.
    adminRefundResponseSchema.parse(refunded.body);
    expect(refunded.body).toMatchObject({
      paymentId,
      status: 'refunded',
      amountCents: 999,
      withinPolicy: true,
    });
    expect(refunded.body.policy).toMatch(/7 días/);
    await h.settled();

    const events = (await h.events('PaymentRefunded')).filter(
      (e) => e.data.paymentId === paymentId,
    );
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ userId: buyer.userId, amountCents: 999, full: true }),
    ]);
    const again = await admin.call('POST', '/api/admin/refunds', { paymentId });
    expect(again).toMatchObject({ status: 409, body: { code: 'already_refunded' } });

    const overview = await buyer.call<{ invoices: { id: string; status: string }[] }>(
      'GET',
      '/api/billing',
    );
    expect(overview.body.invoices.find((i) => i.id === paymentId)?.status).toBe('refunded');
    const rebuy = await buyer.call('POST', '/api/create-payment-intent', {
      productId: 'comentario-exegetico',
    });
    expect(rebuy.status).toBe(200);
  });

  it('a user calling the admin route is refused (403), on the service itself; nothing is refunded', async () => {
    const buyer = await h.signIn();
    const { confirmation } = await buyTool(h, buyer, 'estudios-biblicos-profundos');
    const paymentId = confirmation.body.paymentId as string;
    const answer = await buyer.call('POST', '/api/admin/refunds', { paymentId });
    expect(answer.status).toBe(403);
    const anonymous = await fetch(`${h.service.url}/api/admin/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paymentId }),
    });
    expect(anonymous.status).toBe(401);
    await h.settled();
    expect(
      (await h.events('PaymentRefunded')).filter((e) => e.data.paymentId === paymentId),
    ).toEqual([]);
  });

  it('an unknown payment is 404', async () => {
    const admin = await h.signIn({ role: 'admin' });
    const answer = await admin.call('POST', '/api/admin/refunds', {
      paymentId: '00000000-0000-4000-8000-000000000999',
    });
    expect(answer.status).toBe(404);
  });

  it('0259: the dispute suspends, its loss is announced once', async () => {
    const buyer = await h.signIn();
    const { confirmation } = await buyTool(h, buyer, 'que-dice-la-biblia', TEST_CARDS.dispute);
    const paymentId = confirmation.body.paymentId as string;
    const disputed = await h.waitForEvent('PaymentDisputed', (d) => d.paymentId === paymentId);
    expect(disputed.data).toMatchObject({ userId: buyer.userId, reason: 'fraudulent' });

    const disputeId = disputed.data.disputeId as string;
    const closed = await fetch(`${h.sandboxUrl}/_dispute/${disputeId}/close`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${h.sandbox.secretKey}`,
      },
      body: JSON.stringify({ outcome: 'lost' }),
    });
    expect(closed.status).toBe(200);
    await h.settled();
    await waitFor(async () =>
      (await h.events('DisputeClosed')).some((e) => e.data.paymentId === paymentId),
    );
    const stream = (await h.events()).filter(
      (e) => e.data.paymentId === paymentId && /Disput/.test(e.type),
    );
    expect(stream.map((e) => [e.type, e.data.outcome ?? null])).toEqual([
      ['PaymentDisputed', null],
      ['DisputeClosed', 'lost'],
    ]);
  });
});
