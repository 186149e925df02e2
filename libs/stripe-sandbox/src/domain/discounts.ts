import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, resourceMissing } from '../errors.js';

/** Seconds in the months of a `repeating` coupon (calendar months from the discount's start). */
function monthsAfter(start: number, months: number): number {
  const d = new Date(start * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
}

/** A promotion code a new subscription may take now, as Stripe checks it. */
export function redeemablePromotionCode(
  core: Core,
  id: string,
  param: string,
): { code: Stripe.PromotionCode; coupon: Stripe.Coupon } {
  const code = core.state.promotionCodes.get(id);
  if (!code) throw resourceMissing('promotion_code', id, param);
  const couponId = typeof code.promotion.coupon === 'string' ? code.promotion.coupon : null;
  const coupon = couponId ? core.state.coupons.get(couponId) : undefined;
  const now = core.clock.now();
  const expired = code.expires_at !== null && code.expires_at <= now;
  const exhausted = code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions;
  if (!code.active || expired || exhausted || !coupon?.valid) {
    throw invalidRequest(
      `This promotion code cannot be redeemed.`,
      param,
      'promotion_code_invalid',
    );
  }
  return { code, coupon };
}

/** The subscription takes the code's coupon: counted now, applied to its invoices. */
export function attachDiscount(
  core: Core,
  sub: Stripe.Subscription,
  promotionCodeId: string,
): void {
  const { code, coupon } = redeemablePromotionCode(
    core,
    promotionCodeId,
    'discounts[0][promotion_code]',
  );
  code.times_redeemed += 1;
  coupon.times_redeemed += 1;
  core.state.subscriptionDiscounts.set(sub.id, {
    coupon: coupon.id,
    promotionCode: code.id,
    start: core.clock.now(),
    applied: 0,
  });
}

/**
 * What the subscription's discount takes off an invoice of `subtotal` starting at
 * `periodStart`: `once` the first invoice only, `repeating` invoices that start within its
 * months, `forever` every one. Counts the invoice as discounted.
 */
export function discountForInvoice(
  core: Core,
  subscriptionId: string,
  subtotal: number,
  periodStart: number,
): number {
  const discount = core.state.subscriptionDiscounts.get(subscriptionId);
  if (!discount || subtotal <= 0) return 0;
  const coupon = core.state.coupons.get(discount.coupon);
  if (!coupon) return 0;
  const applies =
    coupon.duration === 'forever' ||
    (coupon.duration === 'once' && discount.applied === 0) ||
    (coupon.duration === 'repeating' &&
      periodStart < monthsAfter(discount.start, coupon.duration_in_months ?? 0));
  if (!applies) return 0;
  discount.applied += 1;
  const off =
    coupon.percent_off !== null
      ? Math.round((subtotal * coupon.percent_off) / 100)
      : (coupon.amount_off ?? 0);
  return Math.min(off, subtotal);
}
