import type Stripe from 'stripe';
import type { Core } from '../core.js';
import { invalidRequest, missingParam, resourceMissing } from '../errors.js';
import { newId } from '../ids.js';
import { paginate } from '../list.js';
import { enumParam, intParam, mergeMetadata, objParam, strParam } from '../params.js';
import { render } from '../render.js';
import type { Route } from '../router.js';
import { newestFirst } from '../state.js';

// The subset of coupons and promotion codes billing uses: a coupon per code the owner creates,
// its customer-facing promotion code, and both read back.

function getCoupon(core: Core, id: string, param?: string): Stripe.Coupon {
  const coupon = core.state.coupons.get(id);
  if (!coupon) throw resourceMissing('coupon', id, param);
  return coupon;
}

function createCoupon(core: Core, params: Parameters<typeof strParam>[0]): Stripe.Coupon {
  const percentOff = intParam(params, 'percent_off') ?? null;
  const amountOff = intParam(params, 'amount_off') ?? null;
  if ((percentOff === null) === (amountOff === null)) {
    throw invalidRequest('You must pass exactly one of percent_off or amount_off.', 'percent_off');
  }
  if (percentOff !== null && (percentOff <= 0 || percentOff > 100)) {
    throw invalidRequest('percent_off must be between 0 and 100.', 'percent_off');
  }
  const currency = strParam(params, 'currency')?.toLowerCase() ?? null;
  if (amountOff !== null && !currency) throw missingParam('currency');
  const duration =
    enumParam(params, 'duration', ['once', 'forever', 'repeating'] as const) ?? 'once';
  const months = intParam(params, 'duration_in_months') ?? null;
  if (duration === 'repeating' && !months) throw missingParam('duration_in_months');
  const id = strParam(params, 'id') ?? newId('coupon').replace(/^coupon_/, '');
  if (core.state.coupons.has(id)) {
    throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
  }
  const coupon = {
    id,
    object: 'coupon',
    amount_off: amountOff,
    created: core.clock.now(),
    currency: amountOff !== null ? currency : null,
    duration,
    duration_in_months: duration === 'repeating' ? months : null,
    livemode: false,
    max_redemptions: intParam(params, 'max_redemptions') ?? null,
    metadata: mergeMetadata({}, params),
    name: strParam(params, 'name') ?? null,
    percent_off: percentOff,
    redeem_by: intParam(params, 'redeem_by') ?? null,
    times_redeemed: 0,
    valid: true,
  } as unknown as Stripe.Coupon;
  core.state.coupons.set(id, coupon);
  return coupon;
}

function createPromotionCode(
  core: Core,
  params: Parameters<typeof strParam>[0],
): Stripe.PromotionCode {
  const promotion = objParam(params, 'promotion');
  const couponId = (promotion && strParam(promotion, 'coupon')) ?? strParam(params, 'coupon');
  if (!couponId) throw missingParam('promotion[coupon]');
  const coupon = getCoupon(core, couponId, 'promotion[coupon]');
  const code = strParam(params, 'code') ?? newId('PROMO').slice(6, 14).toUpperCase();
  const taken = [...core.state.promotionCodes.values()].some(
    (p) => p.active && p.code.toLowerCase() === code.toLowerCase(),
  );
  if (taken) {
    throw invalidRequest(
      'An active promotion code with `code` already exists.',
      'code',
      'duplicate_promotion_code',
    );
  }
  const created = {
    id: newId('promo'),
    object: 'promotion_code',
    active: strParam(params, 'active') !== 'false',
    code,
    created: core.clock.now(),
    customer: strParam(params, 'customer') ?? null,
    expires_at: intParam(params, 'expires_at') ?? null,
    livemode: false,
    max_redemptions: intParam(params, 'max_redemptions') ?? null,
    metadata: mergeMetadata({}, params),
    promotion: { coupon: coupon.id, type: 'coupon' },
    restrictions: {
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    times_redeemed: 0,
  } as unknown as Stripe.PromotionCode;
  core.state.promotionCodes.set(created.id, created);
  return created;
}

export const couponRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/coupons',
    handle: ({ core, params, expand }) => render(core.state, createCoupon(core, params), expand),
  },
  {
    method: 'GET',
    path: '/v1/coupons/:id',
    handle: ({ core, path, expand }) => render(core.state, getCoupon(core, path.id!), expand),
  },
  {
    method: 'POST',
    path: '/v1/promotion_codes',
    handle: ({ core, params, expand }) =>
      render(core.state, createPromotionCode(core, params), expand),
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes/:id',
    handle({ core, path, expand }) {
      const found = core.state.promotionCodes.get(path.id!);
      if (!found) throw resourceMissing('promotion_code', path.id!);
      return render(core.state, found, expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/promotion_codes/:id',
    handle({ core, path, params, expand }) {
      const found = core.state.promotionCodes.get(path.id!);
      if (!found) throw resourceMissing('promotion_code', path.id!);
      const active = strParam(params, 'active');
      if (active !== undefined) found.active = active === 'true';
      found.metadata = mergeMetadata(found.metadata ?? {}, params);
      return render(core.state, found, expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes',
    handle({ core, params, expand }) {
      const code = strParam(params, 'code');
      const coupon = strParam(params, 'coupon');
      const active = strParam(params, 'active');
      const items = newestFirst(
        core.state.promotionCodes,
        (p) =>
          (!code || p.code === code) &&
          (!coupon || p.promotion.coupon === coupon) &&
          (active === undefined || String(p.active) === active),
      );
      return render(core.state, paginate(items, params, '/v1/promotion_codes'), expand);
    },
  },
];
