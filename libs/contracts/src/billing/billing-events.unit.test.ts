import { examplePart } from '../privacy/export-part.fixture.js';
import { BillingExportPartReadyV1 } from './billing-export-part-ready.v1.js';
import { describe, expect, it } from 'vitest';
import { eventKey, type EventDefinition } from '../envelope.js';
import * as folder from './index.js';
import {
  DisputeClosedV1,
  DisputeClosedV2,
  PaymentDisputedV1,
  PaymentDisputedV2,
  PaymentFailedV1,
  PaymentRefundedV1,
  PaymentRefundedV2,
  PaymentSucceededV1,
  PaymentSucceededV2,
  SubscriptionActivatedV1,
  SubscriptionActivatedV2,
  SubscriptionChangedV1,
  SubscriptionChangedV2,
  SubscriptionEndedV1,
  SubscriptionEndedV2,
  SubscriptionRenewedV1,
  SubscriptionRenewedV2,
  TrialStartedV1,
  ProductPublishedV1,
  ProductChangedV1,
  ProductRetiredV1,
  PlanPriceChangedV1,
  GiftPaidV1,
  GiftRefundedV1,
  type CatalogProductSnapshot,
  type PaymentSucceededV1Data,
} from './index.js';

const paymentId = '0b9f5c1e-6a52-4c4e-9f1d-2f0f3d7c8a11';
const userId = '5a3c2b1d-4e6f-4a8b-9c0d-1e2f3a4b5c6d';
const subscriptionId = '7c1d2e3f-8a9b-4c0d-8e1f-2a3b4c5d6e7f';
const giftId = '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a';
const trialId = '9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5';

const succeeded: PaymentSucceededV1Data = {
  paymentId,
  userId,
  purpose: { kind: 'product', productId: 'manual-ceremonias' },
  amountCents: 999,
  currency: 'usd',
  provider: 'sandbox',
  providerPaymentId: 'pi_3Pq0aB2eZvKYlo2C1x2y3z4w',
  description: 'Manual de Ceremonias Ministeriales',
  paidAt: '2026-11-21T10:00:00.000Z',
  cardLast4: '4242',
  cardBrand: 'visa',
};

const product: CatalogProductSnapshot = {
  productId: 'manual-ceremonias',
  name: { es: 'Manual de Ceremonias Ministeriales', en: 'Ministerial Ceremonies Manual' },
  description: { es: 'Ceremonias paso a paso.', en: 'Ceremonies step by step.' },
  features: { es: ['a', 'b', 'c', 'd'], en: ['a', 'b', 'c', 'd'] },
  examplePrompts: { es: ['Una boda en junio'], en: [] },
  priceCents: 999,
  currency: 'usd',
  image: '/images/products/manual-ceremonias.svg',
  popular: false,
  position: 1,
  destination: { kind: 'custom-gpt', url: 'https://chatgpt.com/g/g-abc-manual' },
};

const examples: [EventDefinition, unknown][] = [
  [ProductPublishedV1, { product, publishedAt: '2026-11-25T10:00:00Z' }],
  [ProductChangedV1, { product, status: 'published', changedAt: '2026-11-25T11:00:00Z' }],
  [ProductRetiredV1, { productId: 'manual-ceremonias', retiredAt: '2026-11-25T12:00:00Z' }],
  [
    PlanPriceChangedV1,
    {
      planType: 'monthly',
      priceCents: 2500,
      previousPriceCents: 2000,
      currency: 'usd',
      interval: 'month',
      changedAt: '2026-11-25T12:00:00Z',
    },
  ],
  [PaymentSucceededV1, succeeded],
  [
    PaymentSucceededV1,
    {
      ...succeeded,
      purpose: { kind: 'subscription', subscriptionId, plan: 'annual' },
      provider: 'stripe',
      amountCents: 6500,
      description: 'Plan Anual',
      cardLast4: null,
      cardBrand: null,
    },
  ],
  [
    PaymentSucceededV2,
    {
      ...succeeded,
      amountCents: 499,
      discountCents: 500,
      promotionCode: 'PASTOR50',
    },
  ],
  [PaymentSucceededV2, { ...succeeded, discountCents: 0, promotionCode: null }],
  [
    PaymentFailedV1,
    {
      paymentId,
      userId,
      purpose: { kind: 'subscription', subscriptionId, plan: 'monthly' },
      amountCents: 2000,
      currency: 'usd',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      failedAt: '2026-12-21T10:00:00Z',
    },
  ],
  [
    PaymentRefundedV1,
    { paymentId, userId, amountCents: 999, full: true, refundedAt: '2026-11-22T08:00:00Z' },
  ],
  [PaymentDisputedV1, { paymentId, userId, disputeId: 'dp_1Abc', reason: 'fraudulent' }],
  [DisputeClosedV1, { paymentId, userId, disputeId: 'dp_1Abc', outcome: 'won' }],
  [
    PaymentRefundedV2,
    {
      paymentId,
      userId,
      purpose: { kind: 'subscription', subscriptionId, plan: 'monthly' },
      amountCents: 2000,
      full: true,
      planAction: 'cancel_now',
      refundedAt: '2026-11-22T08:00:00Z',
    },
  ],
  [
    PaymentDisputedV2,
    {
      paymentId,
      userId,
      purpose: { kind: 'product', productId: 'manual-ceremonias' },
      disputeId: 'dp_1Abc',
      reason: 'fraudulent',
      inquiry: true,
      amountCents: 999,
      currency: 'usd',
      evidenceDueBy: null,
    },
  ],
  [
    DisputeClosedV2,
    {
      paymentId,
      userId,
      purpose: { kind: 'subscription', subscriptionId, plan: 'annual' },
      disputeId: 'dp_1Abc',
      outcome: 'warning_closed',
    },
  ],
  [
    SubscriptionActivatedV1,
    { subscriptionId, userId, plan: 'monthly', currentPeriodEnd: '2026-12-21T10:00:00Z' },
  ],
  [
    SubscriptionRenewedV1,
    { subscriptionId, userId, plan: 'monthly', currentPeriodEnd: '2027-01-21T10:00:00Z' },
  ],
  [
    SubscriptionChangedV1,
    {
      subscriptionId,
      userId,
      plan: 'annual',
      status: 'past_due',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2027-11-21T10:00:00-04:00',
    },
  ],
  [
    SubscriptionEndedV1,
    { subscriptionId, userId, endedAt: '2027-01-21T10:00:00Z', reason: 'payment_failed' },
  ],
  // v2: the same facts and the church's team plan they belong to (null: the buyer's own plan).
  [
    SubscriptionActivatedV2,
    {
      subscriptionId,
      userId,
      plan: 'monthly',
      currentPeriodEnd: '2026-12-21T10:00:00Z',
      team: { teamId: trialId, name: 'Iglesia Bautista Central', seats: 12 },
    },
  ],
  [
    SubscriptionRenewedV2,
    {
      subscriptionId,
      userId,
      plan: 'monthly',
      currentPeriodEnd: '2027-01-21T10:00:00Z',
      team: null,
    },
  ],
  [
    SubscriptionChangedV2,
    {
      subscriptionId,
      userId,
      plan: 'annual',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2027-11-21T10:00:00Z',
      team: { teamId: trialId, name: 'Iglesia Bautista Central', seats: 200 },
    },
  ],
  [
    SubscriptionEndedV2,
    {
      subscriptionId,
      userId,
      endedAt: '2027-01-21T10:00:00Z',
      reason: 'canceled',
      team: { teamId: trialId, name: 'Iglesia Bautista Central', seats: 2 },
    },
  ],
  [
    TrialStartedV1,
    { trialId, userId, startedAt: '2026-11-21T10:00:00Z', endsAt: '2026-11-24T10:00:00Z' },
  ],
  [BillingExportPartReadyV1, examplePart('billing')],
  [
    GiftPaidV1,
    {
      giftId,
      buyerId: userId,
      paymentId,
      providerPaymentId: 'pi_3Pq0aB2eZvKYlo2C1x2y3z4w',
      item: { kind: 'product', productId: 'manual-ceremonias' },
      amountCents: 999,
      currency: 'usd',
      recipientEmail: 'pastor@example.org',
      message: 'Gracias por su servicio.\nCon cariño, la congregación',
      sendAt: '2026-12-24T09:00:00Z',
      paidAt: '2026-11-21T10:00:00Z',
    },
  ],
  [
    GiftPaidV1,
    {
      giftId,
      buyerId: userId,
      paymentId,
      providerPaymentId: 'pi_3Pq0aB2eZvKYlo2C1x2y3z4w',
      item: { kind: 'plan', plan: 'annual' },
      amountCents: 9900,
      currency: 'usd',
      recipientEmail: 'pastor@example.org',
      message: null,
      sendAt: '2026-11-21T10:00:00Z',
      paidAt: '2026-11-21T10:00:00Z',
    },
  ],
  [
    GiftRefundedV1,
    {
      giftId,
      buyerId: userId,
      paymentId,
      amountCents: 999,
      refundedAt: '2026-11-22T10:00:00Z',
      wasClaimed: false,
    },
  ],
];

describe('billing events', () => {
  it.each(examples.map(([d, data]) => [d.type, d, data] as const))(
    '%s: a valid example parses unchanged',
    (_type, definition, data) => {
      expect(definition.schema.parse(data)).toEqual(data);
    },
  );

  it('every billing event has an example', () => {
    const defined = Object.values(folder)
      .filter((v) => typeof v === 'object' && 'producer' in v)
      .map((d) => eventKey(d as EventDefinition));
    expect(new Set(examples.map(([d]) => eventKey(d)))).toEqual(new Set(defined));
  });

  const refused = (change: Partial<Record<keyof PaymentSucceededV1Data, unknown>>) =>
    PaymentSucceededV1.schema.safeParse({ ...succeeded, ...change }).success;

  it('refuses negative or fractional cents', () => {
    expect(refused({ amountCents: -1 })).toBe(false);
    expect(refused({ amountCents: 9.99 })).toBe(false);
    expect(
      PaymentRefundedV1.schema.safeParse({
        paymentId,
        userId,
        amountCents: -999,
        full: true,
        refundedAt: '2026-11-22T08:00:00Z',
      }).success,
    ).toBe(false);
  });

  it('refuses an unknown purpose kind, or a purpose missing its fields', () => {
    expect(refused({ purpose: { kind: 'gift', productId: 'manual-ceremonias' } })).toBe(false);
    expect(refused({ purpose: { kind: 'subscription', subscriptionId } })).toBe(false);
    expect(refused({ purpose: { kind: 'product', productId: 'Manual Ceremonias' } })).toBe(false);
  });

  it('refuses a v2 discount that is negative or fractional, or a code over 40 characters', () => {
    const v2 = { ...succeeded, discountCents: 500, promotionCode: 'PASTOR50' };
    expect(PaymentSucceededV2.schema.safeParse(v2).success).toBe(true);
    for (const change of [
      { discountCents: -1 },
      { discountCents: 1.5 },
      { promotionCode: 'X'.repeat(41) },
      { promotionCode: 'PASTOR\n50' },
    ]) {
      expect(PaymentSucceededV2.schema.safeParse({ ...v2, ...change }).success).toBe(false);
    }
    expect(PaymentSucceededV2.schema.safeParse({ ...succeeded }).success).toBe(false);
  });

  it('takes currencies as lowercase 3-letter codes', () => {
    expect(refused({ currency: 'USD' })).toBe(false);
    expect(refused({ currency: 'us' })).toBe(false);
  });

  it('refuses control characters in text', () => {
    expect(refused({ description: 'Manual\u001b[31m' })).toBe(false);
    expect(refused({ description: 'Manual\nde Ceremonias' })).toBe(false);
    expect(refused({ providerPaymentId: 'pi_\u0000' })).toBe(false);
  });

  it('checks ids, card digits, providers and instants', () => {
    expect(refused({ paymentId: 'pay_1' })).toBe(false);
    expect(refused({ cardLast4: '424' })).toBe(false);
    expect(refused({ cardLast4: 'abcd' })).toBe(false);
    expect(refused({ provider: 'paypal' })).toBe(false);
    expect(refused({ paidAt: '2026-11-21' })).toBe(false);
  });

  it('refuses statuses Stripe does not have', () => {
    const [, changed] = examples.find(([d]) => d === SubscriptionChangedV1)!;
    expect(
      SubscriptionChangedV1.schema.safeParse({ ...(changed as object), status: 'expired' }).success,
    ).toBe(false);
  });

  it("v2's team has 2 to 200 seats and a name", () => {
    const [, changed] = examples.find(([d]) => d === SubscriptionChangedV2)!;
    const team = (changed as { team: object }).team;
    for (const bad of [{ seats: 1 }, { seats: 201 }, { seats: 2.5 }, { name: '' }]) {
      const data = { ...(changed as object), team: { ...team, ...bad } };
      expect(SubscriptionChangedV2.schema.safeParse(data).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
