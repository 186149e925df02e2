import { deciderSpec } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import {
  discountOf,
  promotionDecider,
  type PromotionCommand,
  type PromotionTerms,
} from './promotion-decider.js';
import type { PromotionEvent } from './promotion-events.js';

const NOW = '2026-03-05T12:00:00.000Z';
const adminId = '00000000-0000-4000-8000-0000000000ad';
const userId = '00000000-0000-4000-8000-0000000000a1';
const spec = deciderSpec(promotionDecider, { now: NOW });

const terms = (over: Partial<PromotionTerms> = {}): PromotionTerms => ({
  code: 'PASTOR50',
  percentOff: 50,
  amountOffCents: null,
  duration: 'once',
  durationInMonths: null,
  maxRedemptions: null,
  expiresAt: null,
  appliesTo: 'all',
  firstPurchaseOnly: false,
  providerPromotionCodeId: null,
  ...over,
});
const created = (over: Partial<PromotionTerms> = {}): PromotionEvent => ({
  type: 'PromotionCodeCreated',
  data: { ...terms(over), createdBy: adminId, createdAt: NOW },
});
const redeem = (paymentId = 'p1', over: Partial<PromotionCommand & { kind: 'redeem' }> = {}) =>
  ({
    kind: 'redeem',
    code: 'pastor50',
    paymentId,
    userId,
    purchase: 'tools',
    amountCents: 1000,
    firstPurchase: true,
    ...over,
  }) as PromotionCommand;
const redeemed = (paymentId = 'p1', discountCents = 500): PromotionEvent => ({
  type: 'PromotionCodeRedeemed',
  data: { code: 'PASTOR50', paymentId, userId, amountCents: 1000, discountCents, at: NOW },
});
const refusedFor = (reason: string) => ({
  kind: 'invalid' as const,
  code: 'invalid_promotion_code',
  details: { reason },
});

describe('creating and deactivating a code', () => {
  it('is created once; the same code again (any case) is a 409', () => {
    spec
      .given([])
      .when({ kind: 'create', by: adminId, ...terms() })
      .then([created()]);
    spec
      .given([created()])
      .when({ kind: 'create', by: adminId, ...terms({ code: 'pastor50' }) })
      .thenRefused({ kind: 'conflict', code: 'promotion_code_exists' });
  });

  it('a deactivated code is refused at checkout; deactivating twice does nothing', () => {
    const off: PromotionEvent = {
      type: 'PromotionCodeDeactivated',
      data: { code: 'PASTOR50', by: adminId, at: NOW },
    };
    spec.given([created()]).when({ kind: 'deactivate', code: 'x', by: adminId }).then([off]);
    spec.given([created(), off]).when({ kind: 'deactivate', code: 'x', by: adminId }).then([]);
    spec.given([created(), off]).when(redeem()).thenRefused(refusedFor('inactive'));
    spec
      .given([])
      .when({ kind: 'deactivate', code: 'x', by: adminId })
      .thenRefused({ kind: 'not_found', code: 'promotion_code_not_found' });
  });
});

describe('redeeming at checkout', () => {
  it('takes the discount off the price and counts one redemption per payment', () => {
    spec.given([created()]).when(redeem()).then([redeemed()]);
    spec.given([created(), redeemed()]).when(redeem()).then([]);
  });

  it('refuses an unknown, expired or inapplicable code', () => {
    spec.given([]).when(redeem()).thenRefused(refusedFor('unknown'));
    spec
      .given([created({ expiresAt: NOW })])
      .when(redeem())
      .thenRefused(refusedFor('expired'));
    spec
      .given([created({ appliesTo: 'plans' })])
      .when(redeem())
      .thenRefused(refusedFor('inapplicable'));
    spec
      .given([created({ appliesTo: 'tools' })])
      .when(redeem('p1', { purchase: 'plans' }))
      .thenRefused(refusedFor('inapplicable'));
  });

  it('refuses a code used up, but keeps the redemption a payment already holds', () => {
    const given = [created({ maxRedemptions: 1 }), redeemed('p1')];
    spec.given(given).when(redeem('p2')).thenRefused(refusedFor('exhausted'));
    spec.given(given).when(redeem('p1')).then([]);
    const released: PromotionEvent = {
      type: 'PromotionCodeReleased',
      data: { code: 'PASTOR50', paymentId: 'p1', at: NOW },
    };
    spec.given(given).when({ kind: 'release', code: 'x', paymentId: 'p1' }).then([released]);
    spec
      .given([...given, released])
      .when(redeem('p2'))
      .then([redeemed('p2')]);
  });

  it('a first-purchase code is refused to a customer who paid before', () => {
    spec
      .given([created({ firstPurchaseOnly: true })])
      .when(redeem('p1', { firstPurchase: false }))
      .thenRefused(refusedFor('first_purchase_only'));
  });
});

describe('the discount', () => {
  it('percentages round to the cent; amounts never exceed the price', () => {
    expect(discountOf(terms({ percentOff: 50 }), 999)).toBe(500);
    expect(discountOf(terms({ percentOff: 100 }), 999)).toBe(999);
    expect(discountOf(terms({ percentOff: null, amountOffCents: 5000 }), 999)).toBe(999);
  });

  it('a total between 0 and 0.50 USD is refused, not rounded', () => {
    expect(() => discountOf(terms({ percentOff: 96 }), 999)).toThrow(/below_minimum/);
    expect(discountOf(terms({ percentOff: 95 }), 1000)).toBe(950);
  });
});
