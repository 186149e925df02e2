import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmWithCard,
  startReceiver,
  startSandbox,
  type TestSandbox,
  type WebhookReceiver,
} from './harness.fixture.js';

describe('refunds and disputes', () => {
  let t: TestSandbox;
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startReceiver();
    t = await startSandbox({ webhookUrl: receiver.url });
  });
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  async function paid(card = '4242424242424242') {
    const pi = await t.stripe.paymentIntents.create({
      amount: 4999,
      currency: 'usd',
      metadata: { paymentId: 'p_1' },
    });
    const confirm = await confirmWithCard(t, pi.client_secret!, card);
    expect(confirm.status).toBe(200);
    return pi;
  }

  it('a full refund refunds the charge and emits charge.refunded', async () => {
    const pi = await paid();
    const refund = await t.stripe.refunds.create({
      payment_intent: pi.id,
      reason: 'requested_by_customer',
    });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 4999,
      status: 'succeeded',
      payment_intent: pi.id,
    });
    expect(refund.id).toMatch(/^re_/);
    const charge = await t.stripe.charges.retrieve(refund.charge as string);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 4999 });

    await t.sandbox.idle();
    const event = receiver.received.find((r) => r.event.type === 'charge.refunded')!.event;
    expect(event.data.object).toMatchObject({
      id: charge.id,
      refunded: true,
      payment_intent: pi.id,
    });
    expect(event.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
    expect((event.data.object as Stripe.Charge).metadata).toEqual({ paymentId: 'p_1' });
  });

  it('refuses to refund twice or more than was paid', async () => {
    const pi = await paid();
    await expect(
      t.stripe.refunds.create({ payment_intent: pi.id, amount: 5000 }),
    ).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    await t.stripe.refunds.create({ payment_intent: pi.id });
    await expect(t.stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  it('refuses to refund a payment that did not succeed', async () => {
    const pi = await t.stripe.paymentIntents.create({ amount: 4999, currency: 'usd' });
    await expect(t.stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('0259 pays, then a dispute opens; the control endpoint closes it won or lost', async () => {
    const pi = await paid('4000000000000259');
    expect((await t.stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
    await t.sandbox.idle();

    const created = receiver.received.find((r) => r.event.type === 'charge.dispute.created')!.event;
    const dispute = created.data.object as Stripe.Dispute;
    expect(dispute).toMatchObject({
      object: 'dispute',
      status: 'needs_response',
      payment_intent: pi.id,
      amount: 4999,
    });
    expect(dispute.id).toMatch(/^dp_/);
    expect((await t.stripe.charges.retrieve(dispute.charge as string)).disputed).toBe(true);
    await expect(t.stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: 'charge_disputed',
    });

    const closed = await t.control<Stripe.Dispute>('POST', `/_dispute/${dispute.id}/close`, {
      outcome: 'won',
    });
    expect(closed.body.status).toBe('won');
    await t.sandbox.idle();
    const closedEvent = receiver.received.find(
      (r) => r.event.type === 'charge.dispute.closed',
    )!.event;
    expect(closedEvent.data.object).toMatchObject({ id: dispute.id, status: 'won' });

    const again = await t.control('POST', `/_dispute/${dispute.id}/close`, { outcome: 'lost' });
    expect(again.status).toBe(400);
    expect((await t.stripe.disputes.retrieve(dispute.id)).status).toBe('won');
  });

  it('accepting a dispute through the API closes it as lost', async () => {
    const pi = await paid('4000000000000259');
    await t.sandbox.idle();
    const [dispute] = (await t.stripe.disputes.list({ payment_intent: pi.id })).data;
    const closed = await t.stripe.disputes.close(dispute!.id);
    expect(closed.status).toBe('lost');
  });
});
