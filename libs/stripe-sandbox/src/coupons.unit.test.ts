import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePlan, startSandbox, type TestSandbox } from './harness.fixture.js';

const START = new Date('2026-11-23T12:00:00Z');

describe('coupons and promotion codes on subscriptions (real SDK)', () => {
  let t: TestSandbox;
  let price: Stripe.Price;
  beforeEach(async () => {
    t = await startSandbox({ clockStart: START });
    price = await makePlan(t.stripe, 'month', 2000);
  });
  afterEach(() => t.close());

  async function subscribeWith(coupon: Stripe.CouponCreateParams) {
    const created = await t.stripe.coupons.create(coupon);
    const promo = await t.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: created.id },
      code: `CODE${Math.random().toString(36).slice(2, 8)}`,
      max_redemptions: 1,
    });
    const customer = await t.stripe.customers.create({ email: 'pastor@example.com' });
    const sub = await t.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      discounts: [{ promotion_code: promo.id }],
      expand: ['latest_invoice'],
    });
    return { promo, sub, invoice: sub.latest_invoice as Stripe.Invoice };
  }

  it('a percent coupon takes its share off the first invoice; the code counts a redemption', async () => {
    const { promo, invoice } = await subscribeWith({ percent_off: 25, duration: 'once' });
    expect(invoice).toMatchObject({ subtotal: 2000, amount_due: 1500, total: 1500 });
    expect(invoice.total_discount_amounts).toEqual([expect.objectContaining({ amount: 500 })]);
    const read = await t.stripe.promotionCodes.retrieve(promo.id);
    expect(read.times_redeemed).toBe(1);
    const listed = await t.stripe.promotionCodes.list({ code: promo.code });
    expect(listed.data.map((p) => p.id)).toEqual([promo.id]);
  });

  it('an exhausted code is refused and makes no subscription', async () => {
    const { promo } = await subscribeWith({
      amount_off: 500,
      currency: 'usd',
      duration: 'forever',
    });
    const customer = await t.stripe.customers.create({ email: 'otro@example.com' });
    const before = t.sandbox.state.subscriptions.size;
    await expect(
      t.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
        discounts: [{ promotion_code: promo.id }],
      }),
    ).rejects.toMatchObject({ code: 'promotion_code_invalid' });
    expect(t.sandbox.state.subscriptions.size).toBe(before);
  });

  it('duration decides which invoices are discounted: once, forever, repeating', async () => {
    const { discountForInvoice } = await import('./domain/discounts.js');
    const core = { state: t.sandbox.state, clock: t.sandbox.clock } as never;
    const month = (n: number) => {
      const d = new Date(START);
      d.setUTCMonth(d.getUTCMonth() + n);
      return Math.floor(d.getTime() / 1000);
    };
    const once = await subscribeWith({ percent_off: 50, duration: 'once' });
    expect(discountForInvoice(core, once.sub.id, 2000, month(1))).toBe(0);
    const forever = await subscribeWith({ percent_off: 50, duration: 'forever' });
    expect(discountForInvoice(core, forever.sub.id, 2000, month(12))).toBe(1000);
    const repeating = await subscribeWith({
      percent_off: 50,
      duration: 'repeating',
      duration_in_months: 3,
    });
    expect(repeating.invoice.amount_due).toBe(1000);
    expect(discountForInvoice(core, repeating.sub.id, 2000, month(2))).toBe(1000);
    expect(discountForInvoice(core, repeating.sub.id, 2000, month(3))).toBe(0);
  });
});
