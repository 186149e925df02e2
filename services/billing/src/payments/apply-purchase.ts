import type Stripe from 'stripe';
import type { Billing } from '../billing.js';
import { customerDecider } from '../customers/customer-decider.js';
import {
  cardOfPaymentIntent,
  chargeOf,
  failureOfPaymentIntent,
  isoOf,
  type AttemptFailure,
  type PurchaseRef,
} from '../provider/views.js';
import { customerStreamId, paymentStreamId } from '../shared/ids.js';
import { decideIn, type Session } from '../shared/transact.js';
import { recordFailure, saveCard, syncOwnership } from './payment-commands.js';
import { paymentDecider, type PaymentState } from './payment-decider.js';

/**
 * The one apply for a tool purchase's PaymentIntent, as the provider holds it now (retrieved
 * with PAYMENT_INTENT_EXPAND). confirm-payment and every webhook about it end here, so racing
 * or repeated reports have one effect. `reported`: a failed attempt a webhook announced, which
 * the current state may no longer show (the customer has retried since). A success for other
 * money than the checkout started with is recorded as PaymentMismatched (nothing granted) and
 * closes the open checkout, so the customer can start a new one.
 */
export async function applyPurchase(
  billing: Billing,
  session: Session,
  ref: PurchaseRef,
  pi: Stripe.PaymentIntent,
  reported?: AttemptFailure | null,
): Promise<PaymentState> {
  // Any status: a checkout started before the owner retired the tool still completes.
  const product = await billing.catalog.product(ref.productId, session.tx);
  if (!product) throw new Error(`PaymentIntent ${pi.id} names unknown product ${ref.productId}`);
  const purpose = { kind: 'product' as const, productId: product.id };
  const payment = {
    paymentId: ref.paymentId,
    userId: ref.userId,
    purpose,
    amountCents: pi.amount,
    currency: pi.currency,
  };
  const stream = paymentStreamId(ref.paymentId);
  // Never the PaymentIntent's amount: a payment nobody started is held to the catalogue's price.
  let { state } = await decideIn(billing, session, stream, paymentDecider, {
    kind: 'start',
    ...payment,
    amountCents: product.priceCents,
    currency: product.currency,
    discountCents: 0,
    description: product.name.es,
  });

  if (reported) state = await recordFailure(billing, session, payment, reported);

  if (pi.status === 'succeeded') {
    const charge = chargeOf(pi);
    const card = cardOfPaymentIntent(pi);
    const result = await decideIn(billing, session, stream, paymentDecider, {
      kind: 'succeed',
      payment: {
        ...payment,
        amountCents: pi.amount_received || pi.amount,
        provider: billing.provider.name,
        providerPaymentId: pi.id,
        description: product.name.es,
        paidAt: isoOf(charge?.created ?? pi.created),
        cardLast4: card?.last4 ?? null,
        cardBrand: card?.brand ?? null,
      },
      receiptUrl: charge?.receipt_url ?? null,
    });
    state = result.state;
    if (state.mismatched && !state.succeeded) {
      await decideIn(billing, session, customerStreamId(ref.userId), customerDecider, {
        kind: 'abandon-purchase',
        userId: ref.userId,
        productId: ref.productId,
        paymentId: ref.paymentId,
      });
      return state;
    }
    await syncOwnership(billing, session, state);
    await saveCard(billing, session, ref.userId, card);
  } else if (pi.status === 'requires_payment_method') {
    const failure = failureOfPaymentIntent(pi, billing.clock());
    if (failure) state = await recordFailure(billing, session, payment, failure);
  } else if (pi.status === 'canceled') {
    await decideIn(billing, session, customerStreamId(ref.userId), customerDecider, {
      kind: 'abandon-purchase',
      userId: ref.userId,
      productId: ref.productId,
      paymentId: ref.paymentId,
    });
  }
  return state;
}
