import type Stripe from 'stripe';
import type { ConfirmPaymentResponse } from '@mia/contracts';
import { HttpError, notFound } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { customerDecider } from '../customers/customer-decider.js';
import { applyGiftPayment } from '../gifts/apply-gift-payment.js';
import { giftRefOf } from '../gifts/gift-ref.js';
import { isMissing, providerError } from '../provider/provider-errors.js';
import {
  failureOfPaymentIntent,
  idOf,
  PAYMENT_INTENT_EXPAND,
  purchaseRefOf,
} from '../provider/views.js';
import { applyInvoice } from '../subscriptions/apply-subscription.js';
import {
  invoiceAttemptKey,
  invoiceIdOfPaymentIntent,
  loadInvoiceFacts,
} from '../subscriptions/subscription-facts.js';
import { customerStreamId } from '../shared/ids.js';
import { transact } from '../shared/transact.js';
import { applyPurchase } from './apply-purchase.js';

const PAYMENT_NOT_FOUND = 'Pago no encontrado.';

async function retrieve(billing: Billing, id: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await billing.provider.stripe.paymentIntents.retrieve(id, {
      expand: PAYMENT_INTENT_EXPAND,
    });
  } catch (error) {
    if (isMissing(error)) return null;
    throw providerError(error);
  }
}

function unfinished(pi: Stripe.PaymentIntent): HttpError {
  const message =
    pi.status === 'canceled'
      ? 'Este pago fue cancelado. Vuelve a intentarlo desde el producto.'
      : 'El pago aún no se ha completado. Termina la confirmación con tu tarjeta e inténtalo de nuevo.';
  return new HttpError(409, message, 'payment_not_completed', { status: pi.status });
}

/** Paid, but not the money the checkout (or the plan's price) asked: nothing granted until staff decide. */
const underReview = (paymentId: string) =>
  new HttpError(
    409,
    'El importe cobrado no coincide con el precio del producto. Revisaremos tu pago y te escribiremos.',
    'payment_under_review',
    { paymentId },
  );

/**
 * What the browser calls after confirming a card: billing asks the provider, never takes the
 * browser's word. A PaymentIntent that is not the caller's is not found; a succeeded one is
 * recorded through the same apply as its webhook (one PaymentSucceeded whichever comes first);
 * a declined one answers 402 with the provider's message.
 */
export async function confirmPayment(
  billing: Billing,
  userId: string,
  paymentIntentId: string,
): Promise<ConfirmPaymentResponse> {
  if (!/^pi_[A-Za-z0-9_]+$/.test(paymentIntentId)) throw notFound(PAYMENT_NOT_FOUND);
  const pi = await retrieve(billing, paymentIntentId);
  if (!pi) throw notFound(PAYMENT_NOT_FOUND);

  const { state: customer } = await billing.commands.load(
    customerStreamId(userId),
    customerDecider,
  );
  const mine =
    customer.providerCustomerId !== null &&
    idOf(pi.customer) === customer.providerCustomerId &&
    (pi.metadata?.userId === undefined || pi.metadata.userId === userId);
  if (!mine) throw notFound(PAYMENT_NOT_FOUND);

  const failure = failureOfPaymentIntent(pi, billing.clock());
  const purchase = purchaseRefOf(pi);
  const gift = giftRefOf(pi);
  let paymentId: string | undefined;
  if (gift) {
    // A gift's payment: recorded on the gift (GiftPaid); its payment id is the gift's id.
    const state = await transact(billing, (session) =>
      applyGiftPayment(billing, session, gift, pi),
    );
    paymentId = gift.giftId;
    if (!state.started) throw notFound(PAYMENT_NOT_FOUND);
    if (state.mismatchedPaymentId && !state.paid) throw underReview(paymentId);
  } else if (purchase) {
    const state = await transact(billing, (session) =>
      applyPurchase(billing, session, purchase, pi),
    );
    paymentId = purchase.paymentId;
    if (state.mismatched && !state.succeeded) throw underReview(paymentId);
  } else {
    const invoiceId = await invoiceIdOfPaymentIntent(billing, pi.id);
    const facts = invoiceId ? await loadInvoiceFacts(billing, invoiceId) : null;
    if (!facts || facts.ref.userId !== userId) throw notFound(PAYMENT_NOT_FOUND);
    // Keyed like the invoice.payment_failed webhook of the same attempt, so both record it once.
    const reported =
      pi.status === 'requires_payment_method' && failure
        ? { ...failure, attempt: invoiceAttemptKey(facts.invoice) }
        : null;
    const applied = await transact(billing, (session) =>
      applyInvoice(billing, session, facts, reported),
    );
    paymentId = applied.paymentId;
    if (applied.underReview) throw underReview(paymentId);
  }

  if (pi.status === 'succeeded') return { status: 'succeeded', paymentId };
  if (pi.status === 'requires_payment_method' && failure) {
    throw new HttpError(402, failure.message, failure.code, { status: pi.status, paymentId });
  }
  throw unfinished(pi);
}
