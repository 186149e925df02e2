import type Stripe from 'stripe';
import type { CreatePromotionCodeRequest } from '@mia/contracts';
import type { Billing } from '../billing.js';
import type { CustomerState } from '../customers/customer-decider.js';
import { callProvider } from '../provider/provider-errors.js';
import { decideIn, type Session } from '../shared/transact.js';
import { isFirstPurchase, type CheckoutDiscount } from './apply-promotion.js';
import { promotionDecider } from './promotion-decider.js';
import { promotionKey, promotionStreamId } from './promotion-events.js';

/**
 * Plans are billed by the provider's subscriptions, so a code that applies to plans becomes a
 * provider coupon and promotion code (the provider then discounts each invoice as the duration
 * says). Created when the owner creates the code, before billing records it and outside any
 * transaction; keyed by the code so a retried creation reaches the same coupon.
 */
export async function createProviderPromotion(
  billing: Billing,
  request: CreatePromotionCodeRequest,
): Promise<string | null> {
  if (request.appliesTo === 'tools') return null;
  const { stripe } = billing.provider;
  const key = promotionKey(request.code);
  const coupon = await callProvider(() =>
    stripe.coupons.create(
      {
        ...(request.percentOff !== undefined
          ? { percent_off: request.percentOff }
          : { amount_off: request.amountOffCents!, currency: 'usd' }),
        duration: request.duration,
        ...(request.durationInMonths ? { duration_in_months: request.durationInMonths } : {}),
        name: request.code,
        metadata: { promotionCode: key },
      },
      { idempotencyKey: `promotion-coupon-${key}` },
    ),
  );
  const code = await callProvider(() =>
    stripe.promotionCodes.create(
      {
        promotion: { type: 'coupon', coupon: coupon.id },
        code: request.code,
        ...(request.maxRedemptions ? { max_redemptions: request.maxRedemptions } : {}),
        ...(request.expiresAt
          ? { expires_at: Math.floor(Date.parse(request.expiresAt) / 1000) }
          : {}),
        metadata: { promotionCode: key },
      },
      { idempotencyKey: `promotion-code-${key}` },
    ),
  );
  return code.id;
}

/** The owner deactivated a code: its provider promotion code stops too (after the record). */
export async function deactivateProviderPromotion(billing: Billing, id: string | null) {
  if (!id) return;
  await callProvider(() => billing.provider.stripe.promotionCodes.update(id, { active: false }));
}

/**
 * A plan checkout's code, counted in billing's decider (keyed by the subscription, so a resumed
 * checkout counts once) in the transaction that opens the subscription; the provider applies
 * the discount through the promotion code this answers.
 */
export async function redeemForPlan(
  billing: Billing,
  session: Session,
  input: {
    code: string | undefined;
    subscriptionId: string;
    userId: string;
    amountCents: number;
    customer: CustomerState;
  },
): Promise<CheckoutDiscount & { providerPromotionCodeId: string | null }> {
  if (!input.code) return { discountCents: 0, promotionCode: null, providerPromotionCodeId: null };
  const { state } = await decideIn(
    billing,
    session,
    promotionStreamId(input.code),
    promotionDecider,
    {
      kind: 'redeem',
      code: input.code,
      paymentId: `subscription-${input.subscriptionId}`,
      userId: input.userId,
      purchase: 'plans',
      amountCents: input.amountCents,
      firstPurchase: isFirstPurchase(input.customer),
    },
  );
  const held = state.redemptions[`subscription-${input.subscriptionId}`]!;
  return {
    discountCents: held.discountCents,
    promotionCode: state.terms!.code,
    providerPromotionCodeId: state.terms!.providerPromotionCodeId,
  };
}

/** What the first invoice asks for and what its coupon took off, for the checkout page. */
export function firstInvoiceAmounts(sub: Stripe.Subscription) {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string') return { amountCents: 0, discountCents: 0 };
  return {
    amountCents: invoice.amount_due,
    discountCents: (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
  };
}
