import { randomUUID } from 'node:crypto';
import { products } from '@mia/catalog';
import {
  DisputeClosedV2,
  PaymentDisputedV2,
  PaymentFailedV1,
  PaymentRefundedV2,
  PaymentSucceededV2,
  SubscriptionActivatedV2,
  SubscriptionChangedV2,
  SubscriptionEndedV2,
  SubscriptionRenewedV2,
  TrialStartedV1,
  dashboardResponseSchema,
  timelineResponseSchema,
  type EventEnvelope,
  type TimelineResponse,
} from '@mia/contracts';
import { rebuildProjections } from '@mia/service-kit';
import {
  createTestDatabase,
  createTestNats,
  startEventPublisher,
  waitFor,
  type EventPublisher,
  type TestDatabase,
  type TestNats,
} from '@mia/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  consumerSettled,
  envelopeOf,
  publishRaw,
  sessionToken,
  startAccess,
  type RunningAccess,
} from '../access-harness.fixture.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { paymentsProjection } from '../payments/payments-projection.js';
import { readPayments } from '../payments/payments.js';
import { usageProjection } from '../usage/usage-projection.js';
import { directoryProjection } from '../users/directory-projection.js';
import { loadGrants, readGrants } from './entitlements.js';
import { grantsProjection } from './grants-projection.js';
import { usable } from './grants.js';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

// Billing's side is played two ways: its relay (startEventPublisher) for the ordinary flow, and
// raw JetStream publishes for what the broker and replicas can do to it: copies, any order.
describe('entitlements from billing events (billing -> NATS -> two access replicas)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let replicas: RunningAccess[];
  let billing: EventPublisher;

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await createTestNats();
    // Two replicas on one database and prefix share the durable consumers: deliveries split.
    replicas = [await startAccess(db, nats), await startAccess(db, nats)];
    billing = await startEventPublisher(db, nats, 'billing');
  });

  afterAll(async () => {
    await billing?.stop();
    for (const replica of replicas ?? []) await replica.stop();
    await nats?.cleanup();
    await db?.drop();
  });

  const prisma = () => replicas[0]!.ctx.db as PrismaClient;
  const commands = () => replicas[0]!.ctx.commands;

  const paymentData = (userId: string, paymentId: string, productId: string) => ({
    paymentId,
    userId,
    purpose: { kind: 'product', productId },
    amountCents: 999,
    currency: 'usd',
    provider: 'sandbox',
    providerPaymentId: `pi_${paymentId.slice(0, 8)}`,
    description: products.find((p) => p.id === productId)!.name,
    paidAt: new Date().toISOString(),
    cardLast4: '4242',
    cardBrand: 'visa',
    discountCents: 0,
    promotionCode: null,
  });

  const disputedData = (
    paymentId: string,
    userId: string,
    productId: string,
    disputeId: string,
  ) => ({
    paymentId,
    userId,
    purpose: { kind: 'product', productId },
    disputeId,
    reason: 'fraudulent',
    inquiry: false,
    amountCents: 999,
    currency: 'usd',
    evidenceDueBy: null,
  });

  /** Usable products of a user, from the stream (decisions) and from the read model (pages). */
  async function usableProducts(userId: string) {
    const now = new Date();
    const fromStream = await loadGrants(commands(), userId);
    const fromView = await readGrants(prisma(), userId);
    const list = (grants: typeof fromStream) =>
      products.filter((p) => usable(grants, p.id, now).allowed).map((p) => p.id);
    // The read model must agree with the stream it is built from.
    expect(list(fromView)).toEqual(list(fromStream));
    return list(fromStream);
  }

  it('the ordinary flow: a purchase through billing makes the tool usable, with its payment', async () => {
    const userId = randomUUID();
    const paymentId = randomUUID();
    await billing.store.append(`payment-${paymentId}`, 'no-stream', [
      {
        type: PaymentSucceededV2.type,
        version: 2,
        data: paymentData(userId, paymentId, 'epistolas-pablo'),
      },
    ]);
    await waitFor(async () => (await usableProducts(userId)).length > 0, {
      message: 'the purchase grant',
    });
    expect(await usableProducts(userId)).toEqual(['epistolas-pablo']);

    const token = await sessionToken({ id: userId, role: 'user', email: 'x@y.org', name: 'Ana' });
    await waitFor(async () => (await readPayments(prisma(), userId)).length > 0, {
      message: 'the payment in the history',
    });
    // Either replica answers the same, from access's own tables.
    for (const replica of replicas) {
      const { status, body } = await call(replica.url, 'GET', '/api/dashboard', { token });
      expect(status).toBe(200);
      const dashboard = dashboardResponseSchema.parse(body);
      expect(dashboard.availableProducts).toHaveLength(14);
      expect(dashboard.availableProducts.find((p) => p.id === 'epistolas-pablo')).toMatchObject({
        purchased: true,
        price: 9.99,
        access: { source: 'purchase', until: null },
      });
      expect(dashboard.availableProducts.filter((p) => p.purchased)).toHaveLength(1);
      expect(dashboard.purchasedGpts).toEqual([
        { modelId: 'epistolas-pablo', queriesUsed: 0, lastAccessed: null },
      ]);
      expect(dashboard.payments).toEqual([
        {
          id: paymentId,
          createdAt: expect.any(String),
          description: 'Epístolas del Apóstol Pablo',
          amount: '9.99',
          status: 'succeeded',
        },
      ]);
      expect(dashboard.user.name).toBe('Ana');
      expect(dashboard.accessCode).toMatch(/^MIA-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    }
  });

  it('a purchase with a promotion code shows its discount in the payment history', async () => {
    const userId = randomUUID();
    const paymentId = randomUUID();
    await billing.store.append(`payment-${paymentId}`, 'no-stream', [
      {
        type: PaymentSucceededV2.type,
        version: 2,
        data: {
          ...paymentData(userId, paymentId, 'manual-ceremonias'),
          amountCents: 499,
          discountCents: 500,
          promotionCode: 'PASTOR50',
        },
      },
    ]);
    await waitFor(async () => (await readPayments(prisma(), userId)).length > 0, {
      message: 'the discounted payment in the history',
    });
    expect(await readPayments(prisma(), userId)).toEqual([
      expect.objectContaining({ id: paymentId, amountCents: 499, discountCents: 500 }),
    ]);
    const token = await sessionToken({ id: userId, role: 'user', email: 'x@y.org', name: 'Ana' });
    const { status, body } = await call(replicas[0]!.url, 'GET', '/api/dashboard', { token });
    expect(status).toBe(200);
    expect(dashboardResponseSchema.parse(body).payments).toEqual([
      {
        id: paymentId,
        createdAt: expect.any(String),
        description: 'Manual de Ceremonias Ministeriales',
        amount: '4.99',
        status: 'succeeded',
        discountCents: 500,
        promotionCode: 'PASTOR50',
      },
    ]);
  });

  it('copies, any order and two replicas give the entitlements the rules say', async () => {
    const [refunded, kept, failed, sub, disputedWon, disputedLost, ended, trial] = Array.from(
      { length: 8 },
      () => randomUUID(),
    ) as [string, string, string, string, string, string, string, string];
    const buyer = randomUUID();
    const subscriber = randomUUID();
    const disputer = randomUUID();
    const late = randomUUID();
    const expiredTrial = randomUUID();
    const paymentStream = (id: string, v: number) => ({
      streamId: `payment-${id}`,
      streamVersion: v,
    });
    const subStream = (v: number) => ({ streamId: `subscription-${sub}`, streamVersion: v });
    const renewedEnd = inDays(60);

    const events: EventEnvelope[] = [
      // A full refund before its payment: the late payment must not open the tool.
      envelopeOf(
        PaymentRefundedV2,
        {
          paymentId: refunded,
          userId: buyer,
          purpose: { kind: 'product', productId: 'apocalipsis' },
          amountCents: 999,
          full: true,
          planAction: null,
          refundedAt: new Date().toISOString(),
        },
        paymentStream(refunded, 2),
      ),
      envelopeOf(
        PaymentSucceededV2,
        paymentData(buyer, refunded, 'apocalipsis'),
        paymentStream(refunded, 1),
      ),
      envelopeOf(
        PaymentSucceededV2,
        paymentData(buyer, kept, 'manual-ceremonias'),
        paymentStream(kept, 1),
      ),
      envelopeOf(
        PaymentFailedV1,
        {
          paymentId: failed,
          userId: buyer,
          purpose: { kind: 'product', productId: 'cantar-cantares' },
          amountCents: 999,
          currency: 'usd',
          code: 'card_declined',
          message: 'Your card was declined.',
          failedAt: new Date().toISOString(),
        },
        paymentStream(failed, 1),
      ),
      // A subscription's change and renewal before its activation.
      envelopeOf(
        SubscriptionChangedV2,
        {
          team: null,
          subscriptionId: sub,
          userId: subscriber,
          plan: 'monthly',
          status: 'active',
          cancelAtPeriodEnd: true,
          currentPeriodEnd: renewedEnd,
        },
        subStream(3),
      ),
      envelopeOf(
        SubscriptionRenewedV2,
        {
          team: null,
          subscriptionId: sub,
          userId: subscriber,
          plan: 'monthly',
          currentPeriodEnd: renewedEnd,
        },
        subStream(2),
      ),
      envelopeOf(
        SubscriptionActivatedV2,
        {
          team: null,
          subscriptionId: sub,
          userId: subscriber,
          plan: 'monthly',
          currentPeriodEnd: inDays(30),
        },
        subStream(1),
      ),
      // A dispute closed (won) before it is opened, both before the payment.
      envelopeOf(
        DisputeClosedV2,
        {
          paymentId: disputedWon,
          userId: disputer,
          purpose: { kind: 'product', productId: 'comentario-exegetico' },
          disputeId: 'dp_won',
          outcome: 'won',
        },
        paymentStream(disputedWon, 3),
      ),
      envelopeOf(
        PaymentDisputedV2,
        disputedData(disputedWon, disputer, 'comentario-exegetico', 'dp_won'),
        paymentStream(disputedWon, 2),
      ),
      envelopeOf(
        PaymentSucceededV2,
        paymentData(disputer, disputedWon, 'comentario-exegetico'),
        paymentStream(disputedWon, 1),
      ),
      // Disputed before paid, then lost.
      envelopeOf(
        PaymentDisputedV2,
        disputedData(disputedLost, disputer, 'diccionario-biblico', 'dp_lost'),
        paymentStream(disputedLost, 2),
      ),
      envelopeOf(
        PaymentSucceededV2,
        paymentData(disputer, disputedLost, 'diccionario-biblico'),
        paymentStream(disputedLost, 1),
      ),
      envelopeOf(
        DisputeClosedV2,
        {
          paymentId: disputedLost,
          userId: disputer,
          purpose: { kind: 'product', productId: 'diccionario-biblico' },
          disputeId: 'dp_lost',
          outcome: 'lost',
        },
        paymentStream(disputedLost, 3),
      ),
      // Ended before activated.
      envelopeOf(
        SubscriptionEndedV2,
        {
          team: null,
          subscriptionId: ended,
          userId: late,
          endedAt: new Date().toISOString(),
          reason: 'canceled',
        },
        { streamId: `subscription-${ended}`, streamVersion: 2 },
      ),
      envelopeOf(
        SubscriptionActivatedV2,
        {
          team: null,
          subscriptionId: ended,
          userId: late,
          plan: 'annual',
          currentPeriodEnd: inDays(365),
        },
        { streamId: `subscription-${ended}`, streamVersion: 1 },
      ),
      // A trial that ended yesterday: expiry is computed when read.
      envelopeOf(
        TrialStartedV1,
        { trialId: trial, userId: expiredTrial, startedAt: inDays(-4), endsAt: inDays(-1) },
        { streamId: `trial-${trial}`, streamVersion: 1 },
      ),
    ];
    await publishRaw(nats, events, 2);
    await consumerSettled(nats, 'entitlements');
    await consumerSettled(nats, 'payments');

    expect(await usableProducts(buyer)).toEqual(['manual-ceremonias']);
    expect(await usableProducts(subscriber)).toEqual(products.map((p) => p.id));
    const [subscriptionGrant] = await readGrants(prisma(), subscriber);
    expect(subscriptionGrant).toMatchObject({
      grantId: `subscription:${sub}`,
      validUntil: renewedEnd,
    });
    expect(await usableProducts(disputer)).toEqual(['comentario-exegetico']);
    expect(await usableProducts(late)).toEqual([]);
    expect(await usableProducts(expiredTrial)).toEqual([]);
    expect(usable(await readGrants(prisma(), expiredTrial), 'apocalipsis', new Date()).reason).toBe(
      'expired',
    );

    // Every copy was consumed, yet each grant and each decision was recorded once.
    const stream = await replicas[0]!.ctx.events.readStream(`entitlements-${subscriber}`);
    expect(stream.filter((e) => e.type === 'AccessGranted')).toHaveLength(1);
    const buyerStream = await replicas[1]!.ctx.events.readStream(`entitlements-${buyer}`);
    expect(buyerStream.map((e) => e.type).sort()).toEqual(['AccessGranted', 'AccessRevoked']);

    expect((await readPayments(prisma(), buyer)).map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [refunded, 'refunded'],
        [kept, 'succeeded'],
        [failed, 'failed'],
      ].sort(),
    );

    // The timeline tells the buyer's story from the events.
    const token = await sessionToken({ id: buyer, role: 'user', email: 'b@y.org', name: 'B' });
    const { body } = await call<TimelineResponse>(replicas[1]!.url, 'GET', '/api/timeline', {
      token,
    });
    timelineResponseSchema.parse(body);
    expect(body.events.map((e) => e.kind).sort()).toEqual(
      ['grant', 'payment', 'payment', 'payment_failed', 'refund', 'revocation'].sort(),
    );
  });

  it('replay rebuilds the same read models from the store', async () => {
    const db0 = prisma();
    const snapshot = async () => ({
      grants: await db0.accessGrant.findMany({ orderBy: [{ userId: 'asc' }, { grantId: 'asc' }] }),
      payments: await db0.payment.findMany({ orderBy: { paymentId: 'asc' } }),
      usage: await db0.usageCount.findMany({ orderBy: [{ userId: 'asc' }, { productId: 'asc' }] }),
    });
    const before = await snapshot();
    // The tests above left grants of several sources: enough for a replay to get something wrong.
    expect(before.grants.length).toBeGreaterThanOrEqual(3);
    await rebuildProjections({
      runner: replicas[0]!.ctx.runner,
      schema: replicas[0]!.ctx.schema,
      projections: [
        directoryProjection,
        grantsProjection,
        usageProjection,
        paymentsProjection,
      ] as never,
    });
    expect(await snapshot()).toEqual(before);
  });
});
