import type Stripe from 'stripe';
import type { Billing } from '../billing.js';
import { decideIn, type Session } from '../shared/transact.js';
import { applyGiftPayment } from './apply-gift-payment.js';
import { giftDecider, type GiftState } from './gift-decider.js';
import { giftStreamId } from './gift-events.js';
import type { GiftRef } from './gift-ref.js';

/** A charge of a gift's PaymentIntent, re-read (loadChargeFacts finds it by the metadata). */
export interface GiftChargeFacts {
  charge: Stripe.Charge;
  gift: { ref: GiftRef; pi: Stripe.PaymentIntent };
}

export type GiftChargeNews =
  | { kind: 'refund'; refundedTotalCents: number; refundedAt: string }
  | { kind: 'dispute'; disputeId: string; reason: string; outcome: string | null };

/**
 * A refund or dispute of a gift's charge, by whichever path reports it: the gift's payment is
 * first brought to the provider's state (its success may not be recorded yet), then the news
 * applies. A refund is the gift's own (GiftRefundRecorded, GiftRefunded in full); a dispute is
 * recorded for staff only and announced to nobody: a PaymentDisputed would suspend the buyer's
 * access to what they never had, and ADR 0020 leaves a gift's dispute to staff.
 */
export async function applyGiftChargeNews(
  billing: Billing,
  session: Session,
  facts: GiftChargeFacts,
  news: GiftChargeNews,
): Promise<GiftState> {
  const { ref, pi } = facts.gift;
  await applyGiftPayment(billing, session, ref, pi);
  const stream = giftStreamId(ref.giftId);
  if (news.kind === 'dispute') {
    billing.logger.warn(
      { giftId: ref.giftId, disputeId: news.disputeId, outcome: news.outcome },
      "a gift's payment is disputed: recorded for staff, nothing announced",
    );
  }
  const { state } = await decideIn(billing, session, stream, giftDecider, {
    giftId: ref.giftId,
    ...news,
  });
  return state;
}
