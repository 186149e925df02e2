import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessRevokedV2, adminRefundResponseSchema } from '@mia/contracts';
import { startEventPublisher, waitFor, type EventPublisher } from '@mia/testing';
import { paymentDecider } from '../payments/payment-decider.js';
import { paymentStreamId, subscriptionStreamId } from '../shared/ids.js';
import { subscriptionDecider } from '../subscriptions/subscription-decider.js';
import {
  buyTool,
  startBillingHarness,
  subscribe,
  TEST_CARDS,
  type BillingHarness,
  type Caller,
} from '../testing/billing-harness.fixture.js';

describe('refunds and disputes', () => {
  let h: BillingHarness;
  let access: EventPublisher;
  beforeAll(async () => {
    h = await startBillingHarness();
    // Plays access: its AccessRevoked reaches billing through NATS as the relay publishes it.
    access = await startEventPublisher(h.db, h.nats, 'access');
  });
  afterAll(async () => {
    await access?.stop();
    await h?.stop();
  });

  /** The paid first invoice of a new monthly plan, and the plan at the provider. */
  async function paidPlan(caller: Caller) {
    await subscribe(h, caller, 'monthly');
    const paid = await h.waitForEvent(
      'PaymentSucceeded',
      (d) => d.userId === caller.userId && (d.purpose as { kind: string }).kind === 'subscription',
    );
    const { subscriptionId } = paid.data.purpose as { subscriptionId: string };
    const { state } = await h.service.deps.billing.commands.load(
      subscriptionStreamId(subscriptionId),
      subscriptionDecider,
    );
    const providerStatus = async () =>
      (
        await h.service.deps.billing.provider.stripe.subscriptions.retrieve(
          state.providerSubscriptionId!,
        )
      ).status;
    return { paymentId: paid.data.paymentId as string, subscriptionId, providerStatus };
  }

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
      (e) => e.data.paymentId === paymentId && e.version === 2,
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
    // v2 only: no consumer reads v1 any more, so no twins (ADR 0016's follow-up).
    expect(stream.map((e) => [e.type, e.version, e.data.outcome ?? null])).toEqual([
      ['PaymentDisputed', 2, null],
      ['DisputeClosed', 2, 'lost'],
    ]);
  });

  it('a plan payment needs planAction (400); cancel_now refunds, cancels at the provider and ends the plan', async () => {
    const subscriber = await h.signIn();
    const admin = await h.signIn({ role: 'admin' });
    const plan = await paidPlan(subscriber);
    const refused = await admin.call('POST', '/api/admin/refunds', { paymentId: plan.paymentId });
    expect(refused).toMatchObject({ status: 400, body: { code: 'plan_action_required' } });
    expect(await plan.providerStatus()).toBe('active');

    const refunded = await admin.call('POST', '/api/admin/refunds', {
      paymentId: plan.paymentId,
      planAction: 'cancel_now',
    });
    expect(refunded).toMatchObject({
      status: 200,
      body: { amountCents: 2000, full: true, planAction: 'cancel_now' },
    });
    expect(await plan.providerStatus()).toBe('canceled');
    const refund = await h.waitForEvent('PaymentRefunded', (d) => d.paymentId === plan.paymentId);
    expect(refund.data).toMatchObject({ planAction: 'cancel_now', full: true });
    await h.waitForEvent('SubscriptionEnded', (d) => d.subscriptionId === plan.subscriptionId);
    await h.settled();
    const overview = await subscriber.call<{ plan: { status: string } }>('GET', '/api/billing');
    expect(overview.body.plan.status).toBe('canceled');
  });

  it('keep refunds as goodwill: the plan keeps running at the provider', async () => {
    const subscriber = await h.signIn();
    const admin = await h.signIn({ role: 'admin' });
    const plan = await paidPlan(subscriber);
    const refunded = await admin.call('POST', '/api/admin/refunds', {
      paymentId: plan.paymentId,
      planAction: 'keep',
    });
    expect(refunded).toMatchObject({ status: 200, body: { planAction: 'keep' } });
    await h.settled();
    expect(await plan.providerStatus()).toBe('active');
    const refund = (await h.events('PaymentRefunded')).find(
      (e) => e.version === 2 && e.data.paymentId === plan.paymentId,
    );
    expect(refund?.data).toMatchObject({ planAction: 'keep', full: true });
    expect(
      (await h.events('SubscriptionEnded')).filter(
        (e) => e.data.subscriptionId === plan.subscriptionId,
      ),
    ).toEqual([]);
  });

  it('a partial refund of a tool keeps it owned; the rest can be refunded later', async () => {
    const buyer = await h.signIn();
    const admin = await h.signIn({ role: 'admin' });
    const { confirmation } = await buyTool(h, buyer, 'manual-ceremonias');
    const paymentId = confirmation.body.paymentId as string;
    const partial = await admin.call('POST', '/api/admin/refunds', { paymentId, amountCents: 300 });
    expect(partial).toMatchObject({ status: 200, body: { amountCents: 300, full: false } });
    const tooMuch = await admin.call('POST', '/api/admin/refunds', { paymentId, amountCents: 700 });
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 'refund_too_large' } });
    await h.settled();
    const rebuy = await buyer.call('POST', '/api/create-payment-intent', {
      productId: 'manual-ceremonias',
    });
    expect(rebuy).toMatchObject({ status: 409, body: { code: 'already_owned' } });
    const v2 = (await h.events('PaymentRefunded')).filter(
      (e) => e.version === 2 && e.data.paymentId === paymentId,
    );
    expect(v2.map((e) => [e.data.amountCents, e.data.full])).toEqual([[300, false]]);
  });

  it('an admin revocation in access releases the purchase: the tool can be bought again', async () => {
    const buyer = await h.signIn();
    const { confirmation } = await buyTool(h, buyer, 'comentario-exegetico');
    const paymentId = confirmation.body.paymentId as string;
    const before = await buyer.call('POST', '/api/create-payment-intent', {
      productId: 'comentario-exegetico',
    });
    expect(before.status).toBe(409);
    await access.store.append(`entitlements-${buyer.userId}`, 'any', [
      {
        type: AccessRevokedV2.type,
        version: AccessRevokedV2.version,
        data: {
          grantId: `purchase:${paymentId}`,
          userId: buyer.userId,
          reason: 'admin',
          detail: 'pedido del cliente',
          source: { kind: 'purchase', ref: paymentId },
        },
      },
    ]);
    await h.waitForEvent(
      'ProductReleased',
      (d) => d.paymentId === paymentId && d.reason === 'admin',
    );
    const again = await buyer.call('POST', '/api/create-payment-intent', {
      productId: 'comentario-exegetico',
    });
    expect(again.status).toBe(200);
  });

  it('cancel_now asked, then the admin call lost after the provider refunded: the webhook ends the plan', async () => {
    const subscriber = await h.signIn();
    const admin = await h.signIn({ role: 'admin' });
    const plan = await paidPlan(subscriber);
    const { billing } = h.service.deps;
    // What refundPayment records before asking the provider...
    await billing.commands.handle(paymentStreamId(plan.paymentId), paymentDecider, {
      kind: 'request-refund',
      paymentId: plan.paymentId,
      adminId: admin.userId,
      planAction: 'cancel_now',
    });
    // ...then the provider refunds and the process stops: only the webhook reports it.
    const { state } = await billing.commands.load(paymentStreamId(plan.paymentId), paymentDecider);
    await billing.provider.stripe.refunds.create({
      payment_intent: state.succeeded!.providerPaymentId,
    });
    await h.waitForEvent('SubscriptionEnded', (d) => d.subscriptionId === plan.subscriptionId);
    expect(await plan.providerStatus()).toBe('canceled');
    // The provider's own subscription news may come before the refund's: wait for the refund.
    const refund = await h.waitForEvent('PaymentRefunded', (d) => d.paymentId === plan.paymentId);
    expect(refund.version).toBe(2);
    expect(refund.data).toMatchObject({ planAction: 'cancel_now', full: true });
  });
});
