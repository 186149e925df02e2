import type Stripe from 'stripe';
import type { Billing } from '../billing.js';
import { saveCard } from '../payments/payment-commands.js';
import { cardOfPaymentIntent, chargeOf, isoOf } from '../provider/views.js';
import { decideIn, type Session } from '../shared/transact.js';
import { giftDecider, type GiftState } from './gift-decider.js';
import { giftStreamId } from './gift-events.js';
import type { GiftRef } from './gift-ref.js';

/**
 * The one apply for a gift's PaymentIntent, as the provider holds it now (retrieved with
 * PAYMENT_INTENT_EXPAND): confirm-payment, the payment_intent.* webhooks and the charge news
 * (refunds, disputes) end here, so racing or repeated reports record one GiftPaid. A failed
 * attempt records nothing (the checkout is resumed from the same PaymentIntent by the card form).
 */
export async function applyGiftPayment(
  billing: Billing,
  session: Session,
  ref: GiftRef,
  pi: Stripe.PaymentIntent,
): Promise<GiftState> {
  const stream = giftStreamId(ref.giftId);
  const { state: known } = await billing.commands.loadIn(session, stream, giftDecider);
  if (pi.status !== 'succeeded') return known;
  if (!known.started) {
    // A gift's PaymentIntent is made only after its GiftStarted commits: one we never started
    // (made with the secret key elsewhere) is left to staff rather than retried forever.
    billing.logger.warn(
      { giftId: ref.giftId, paymentIntentId: pi.id },
      'payment of an unknown gift',
    );
    return known;
  }
  const charge = chargeOf(pi);
  const card = cardOfPaymentIntent(pi);
  const { state } = await decideIn(billing, session, stream, giftDecider, {
    kind: 'pay',
    giftId: ref.giftId,
    buyerId: ref.userId,
    providerPaymentId: pi.id,
    amountCents: pi.amount_received || pi.amount,
    currency: pi.currency,
    paidAt: isoOf(charge?.created ?? pi.created),
    cardLast4: card?.last4 ?? null,
    receiptUrl: charge?.receipt_url ?? null,
  });
  // The card that paid becomes the buyer's card on file, as after a purchase.
  if (state.paid) await saveCard(billing, session, ref.userId, card);
  return state;
}
