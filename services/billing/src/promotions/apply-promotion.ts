import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import type { CustomerState } from '../customers/customer-decider.js';
import { paymentDecider } from '../payments/payment-decider.js';
import { paymentStreamId } from '../shared/ids.js';
import { decideIn, type Session } from '../shared/transact.js';
import {
  INVALID_PROMOTION_CODE,
  promotionDecider,
  type PurchaseKind,
} from './promotion-decider.js';
import { promotionKey, promotionStreamId } from './promotion-events.js';
import { langOf, refusalMessage } from './promotion-messages.js';

/** Never paid for anything: no tool owned and no plan ever paid (firstPurchaseOnly codes). */
export const isFirstPurchase = (customer: CustomerState): boolean =>
  Object.keys(customer.owned).length === 0 &&
  Object.keys(customer.released).length === 0 &&
  !Object.values(customer.subscriptions).some((s) => s.state !== 'pending');

export interface CheckoutDiscount {
  discountCents: number;
  /** The code as the owner created it, or null without a code. */
  promotionCode: string | null;
}

/**
 * The discount of one tool checkout, decided in the checkout's own transaction.
 *
 * The redemption is reserved here, when the checkout fixes its price, not when the payment
 * succeeds: by the time the provider reports a success the discounted money is already taken,
 * so a limit checked then could only be exceeded, never enforced. Reserving counts it on the
 * code's stream (two racing checkouts conflict there and the loser is decided again), and it is
 * given back when the same checkout is started again with another code or none. The price of
 * that choice: a checkout abandoned with a code keeps its redemption.
 */
export async function redeemForCheckout(
  billing: Billing,
  session: Session,
  input: {
    code: string | undefined;
    paymentId: string;
    userId: string;
    purchase: PurchaseKind;
    amountCents: number;
    customer: CustomerState;
  },
): Promise<CheckoutDiscount> {
  // Read through the session (a pool read here would hold a second connection per checkout);
  // the checkout appends to this stream in the same transaction, so a change in between is a
  // conflict and the whole checkout is decided again.
  const { state: payment } = await billing.commands.loadIn(
    session,
    paymentStreamId(input.paymentId),
    paymentDecider,
  );
  const previous = payment.started?.promotionCode ?? null;
  if (previous && (!input.code || promotionKey(previous) !== promotionKey(input.code))) {
    await decideIn(billing, session, promotionStreamId(previous), promotionDecider, {
      kind: 'release',
      code: previous,
      paymentId: input.paymentId,
    });
  }
  if (!input.code) return { discountCents: 0, promotionCode: null };
  const { state } = await decideIn(
    billing,
    session,
    promotionStreamId(input.code),
    promotionDecider,
    {
      kind: 'redeem',
      code: input.code,
      paymentId: input.paymentId,
      userId: input.userId,
      purchase: input.purchase,
      amountCents: input.amountCents,
      firstPurchase: isFirstPurchase(input.customer),
    },
  );
  return {
    discountCents: state.redemptions[input.paymentId]!.discountCents,
    promotionCode: state.terms!.code,
  };
}

/**
 * Runs a checkout call; a refused code answers 400 `invalid_promotion_code` with the message in
 * the caller's language (Accept-Language, Spanish by default).
 */
export async function inCustomerLanguage<T>(
  acceptLanguage: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === INVALID_PROMOTION_CODE) {
      const { reason } = error.details as { reason: Parameters<typeof refusalMessage>[0] };
      throw new DomainError(
        'invalid',
        INVALID_PROMOTION_CODE,
        refusalMessage(reason, langOf(acceptLanguage)),
      );
    }
    throw error;
  }
}
