import type { DisputeOutcome } from '@mia/contracts';
import type Stripe from 'stripe';
import type { Billing } from '../billing.js';
import { applyPurchase } from '../payments/apply-purchase.js';
import { syncOwnership } from '../payments/payment-commands.js';
import {
  paymentDecider,
  type DisputeFacts,
  type PaymentState,
} from '../payments/payment-decider.js';
import { callProvider } from '../provider/provider-errors.js';
import { idOf, PAYMENT_INTENT_EXPAND, purchaseRefOf, type PurchaseRef } from '../provider/views.js';
import type { GiftChargeFacts } from '../gifts/gift-charge-news.js';
import { giftRefOf } from '../gifts/gift-ref.js';
import { invoicePaymentId, paymentStreamId } from '../shared/ids.js';
import { decideIn, type Session } from '../shared/transact.js';
import { applyInvoice } from '../subscriptions/apply-subscription.js';
import {
  invoiceIdOfPaymentIntent,
  loadInvoiceFacts,
  type InvoiceFacts,
} from '../subscriptions/subscription-facts.js';

/** A charge of ours, re-read, with the payment it belongs to (a tool purchase or an invoice). */
export interface ChargeFacts {
  charge: Stripe.Charge;
  paymentId: string;
  purchase: { ref: PurchaseRef; pi: Stripe.PaymentIntent } | null;
  invoice: InvoiceFacts | null;
  /** A gift's charge: its own decider takes the news (gifts/gift-charge-news.ts), never this file's. */
  gift?: GiftChargeFacts['gift'];
}

export async function loadChargeFacts(
  billing: Billing,
  chargeId: string,
): Promise<ChargeFacts | null> {
  const { stripe } = billing.provider;
  const charge = await callProvider(() =>
    stripe.charges.retrieve(chargeId, { expand: ['refunds'] }),
  );
  const piId = idOf(charge.payment_intent);
  if (!piId) return null;
  const pi = await callProvider(() =>
    stripe.paymentIntents.retrieve(piId, { expand: PAYMENT_INTENT_EXPAND }),
  );
  const gift = giftRefOf(pi);
  if (gift) {
    return {
      charge,
      paymentId: gift.giftId,
      purchase: null,
      invoice: null,
      gift: { ref: gift, pi },
    };
  }
  const ref = purchaseRefOf(pi);
  if (ref) return { charge, paymentId: ref.paymentId, purchase: { ref, pi }, invoice: null };
  const invoiceId = await invoiceIdOfPaymentIntent(billing, piId);
  const invoice = invoiceId ? await loadInvoiceFacts(billing, invoiceId) : null;
  if (!invoiceId || !invoice) return null;
  return { charge, paymentId: invoicePaymentId(invoiceId), purchase: null, invoice };
}

/** When the last refund of a charge was made (the charge's refunds, newest first). */
export function lastRefundAt(charge: Stripe.Charge, fallback: Date): string {
  const newest = charge.refunds?.data[0]?.created;
  return newest ? new Date(newest * 1000).toISOString() : fallback.toISOString();
}

export type ChargeNews =
  | { kind: 'refund'; refundedTotalCents: number; refundedAt: string }
  | ({ kind: 'dispute'; outcome: DisputeOutcome | null } & DisputeFacts);

/**
 * Refunds and disputes arrive about charges: the payment is first brought to the provider's
 * state (its success may not have been recorded yet), then the news applies (remembered by the
 * decider if the success is still missing), then ownership follows the payment.
 */
export async function applyChargeNews(
  billing: Billing,
  session: Session,
  facts: ChargeFacts,
  news: ChargeNews,
): Promise<PaymentState> {
  if (facts.gift) throw new Error(`Charge ${facts.charge.id} is a gift's: applyGiftChargeNews`);
  if (facts.purchase) {
    await applyPurchase(billing, session, facts.purchase.ref, facts.purchase.pi);
  } else if (facts.invoice) {
    await applyInvoice(billing, session, facts.invoice);
  }
  const stream = paymentStreamId(facts.paymentId);
  const paymentId = facts.paymentId;
  const { state } = await decideIn(
    billing,
    session,
    stream,
    paymentDecider,
    news.kind === 'refund'
      ? {
          kind: 'refund',
          paymentId,
          refundedTotalCents: news.refundedTotalCents,
          refundedAt: news.refundedAt,
        }
      : news.outcome
        ? { ...disputeFactsOf(news), kind: 'close-dispute', paymentId, outcome: news.outcome }
        : { ...disputeFactsOf(news), kind: 'dispute', paymentId },
  );
  await syncOwnership(billing, session, state);
  return state;
}

const disputeFactsOf = (news: DisputeFacts): DisputeFacts => ({
  disputeId: news.disputeId,
  reason: news.reason,
  inquiry: news.inquiry,
  evidenceDueBy: news.evidenceDueBy,
});
