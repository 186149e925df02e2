import { randomUUID } from 'node:crypto';
import {
  AccessGrantedV2,
  AccessRevokedV2,
  eventSubject,
  PaymentFailedV1,
  PaymentRefundedV2,
  PaymentDisputedV2,
  DisputeClosedV2,
  PaymentSucceededV2,
  type EventDefinition,
} from '@mia/contracts';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { streamNames } from '@mia/service-kit';
import { adminConnectOptions, waitFor } from '@mia/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupportHarness, type SupportHarness } from '../support-harness.fixture.js';
import { customerContextReadModel } from './customer-context-model.js';

// Support without OPENAI_API_KEY: what `npm start` runs on a fresh clone.
describe("support's picture of a customer (billing, access -> NATS -> support)", () => {
  let h: SupportHarness;

  beforeAll(async () => {
    h = await startSupportHarness();
  });
  // Other services' events are published as the admin: support's own user may not publish them.
  let admin: NatsConnection | undefined;
  const adminNats = async () =>
    (admin ??= await connect(adminConnectOptions(h.support.ctx.config.NATS_URL)));

  afterAll(async () => {
    await admin?.close();
    await h?.stop();
  });

  const db = () => h.support.deps.db;

  /** Publishes an event straight to NATS, so tests choose its id, order and copies. */
  async function deliver(event: EventDefinition, data: unknown, id = randomUUID(), copies = 1) {
    const js = jetstream(await adminNats());
    const envelope = {
      id,
      type: event.type,
      version: event.version,
      occurredAt: h.clock().toISOString(),
      streamId: `source-${randomUUID()}`,
      streamVersion: 1,
      correlationId: randomUUID(),
      causationId: null,
      data,
    };
    for (let i = 0; i < copies; i++) {
      await js.publish(
        eventSubject(h.support.ctx.config.NATS_PREFIX, event),
        JSON.stringify(envelope),
      );
    }
    return id;
  }

  const succeeded = (paymentId: string, userId: string) => ({
    paymentId,
    userId,
    purpose: { kind: 'product', productId: 'generador-sermones' },
    amountCents: 999,
    currency: 'usd',
    provider: 'sandbox',
    providerPaymentId: `pi_${paymentId.slice(0, 8)}`,
    description: 'Generador de Sermones',
    paidAt: '2026-05-09T10:00:00.000Z',
    cardLast4: null,
    cardBrand: null,
    discountCents: 0,
    promotionCode: null,
  });

  it('a refund delivered three times counts once; one that arrives before its payment still counts', async () => {
    const userId = randomUUID();
    const paymentId = randomUUID();
    const refund = {
      paymentId,
      userId,
      purpose: { kind: 'product' as const, productId: 'generador-sermones' },
      amountCents: 500,
      full: false,
      planAction: null,
      refundedAt: '2026-05-10T08:00:00.000Z',
    };
    await deliver(PaymentRefundedV2, refund, randomUUID(), 3);
    await deliver(PaymentSucceededV2, succeeded(paymentId, userId));
    await waitFor(
      async () => {
        const p = await db().customerPayment.findUnique({ where: { paymentId } });
        return p?.paidAt && p.refundedCents > 0;
      },
      { message: 'the payment and its refund' },
    );
    // Every copy consumed before counting (events of different streams run in parallel).
    await waitFor(async () => {
      const jsm = await jetstreamManager(await adminNats());
      const info = await jsm.consumers.info(
        streamNames(h.support.ctx.config.NATS_PREFIX).events,
        'support-customer-context',
      );
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    const row = await db().customerPayment.findUnique({ where: { paymentId } });
    expect(row).toMatchObject({
      refundedCents: 500,
      amountCents: 999,
      description: 'Generador de Sermones',
    });
  });

  it('an inquiry reads as one until the bank escalates it to a chargeback; the outcome ends it', async () => {
    const userId = randomUUID();
    const paymentId = randomUUID();
    const purpose = { kind: 'product' as const, productId: 'generador-sermones' };
    const dispute = (inquiry: boolean) => ({
      paymentId,
      userId,
      purpose,
      disputeId: 'dp_acceptance',
      reason: 'fraudulent',
      inquiry,
      amountCents: 999,
      currency: 'usd',
      evidenceDueBy: null,
    });
    const status = (expected: string) =>
      waitFor(
        async () =>
          (await db().customerPayment.findUnique({ where: { paymentId } }))?.disputeStatus ===
          expected,
        { message: `dispute status ${expected}` },
      );
    await deliver(PaymentDisputedV2, dispute(true));
    await status('inquiry');
    await deliver(PaymentDisputedV2, dispute(false));
    await status('open');
    await deliver(DisputeClosedV2, {
      paymentId,
      userId,
      purpose,
      disputeId: 'dp_acceptance',
      outcome: 'won',
    });
    await status('won');
  });

  it('a revocation that arrives before its grant keeps the tool unusable', async () => {
    const userId = randomUUID();
    const grantId = `purchase:${randomUUID()}`;
    await deliver(AccessRevokedV2, { grantId, userId, reason: 'refund' });
    await deliver(AccessGrantedV2, {
      grantId,
      userId,
      scope: 'generador-sermones',
      source: { kind: 'purchase', ref: grantId.slice(9) },
      validFrom: '2026-05-09T10:00:00.000Z',
      validUntil: null,
    });
    const grant = await waitFor(
      async () => {
        const g = await db().customerGrant.findUnique({ where: { grantId } });
        return g?.scope ? g : undefined;
      },
      { message: 'the grant' },
    );
    expect(grant.state).toBe('revoked');
  });

  it('without a model key, the built-in triage explains a failed payment in Spanish', async () => {
    const ana = await h.customer('Ana');
    await deliver(PaymentFailedV1, {
      paymentId: randomUUID(),
      userId: ana.id,
      purpose: { kind: 'product', productId: 'generador-sermones' },
      amountCents: 999,
      currency: 'usd',
      code: 'card_declined',
      message: 'Your card was declined.',
      failedAt: '2026-05-10T11:00:00.000Z',
    });
    await waitFor(() => db().customerPayment.findFirst({ where: { userId: ana.id } }), {
      message: 'the failed payment',
    });
    const res = await h.call('POST', '/api/support/chat', {
      token: ana.token,
      body: { message: 'Intenté pagar y no veo el botón Usar GPT' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ category: 'access' });
    expect(res.body.response).toContain('no se completó (card_declined');
    expect(res.body.nextSteps[0]).toBe(
      'Vuelve a intentar la compra con otra tarjeta o consulta a tu banco.',
    );
  });

  it('reprocess empties the read model (the consumer then reads its streams again)', async () => {
    expect(await db().customer.count()).toBeGreaterThan(0);
    await h.support.ctx.runner.transaction((ctx) => customerContextReadModel.reset(ctx));
    expect(await db().customer.count()).toBe(0);
    expect(await db().customerPayment.count()).toBe(0);
  });
});
