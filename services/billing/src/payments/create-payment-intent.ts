import type { CreatePaymentIntentResponse } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { customerDecider } from '../customers/customer-decider.js';
import { customerOf, ensureProviderCustomer, type Payer } from '../customers/provider-customer.js';
import { callProvider } from '../provider/provider-errors.js';
import { PAYMENT_INTENT_EXPAND, purchaseRefOf } from '../provider/views.js';
import { completeFreePurchase } from '../promotions/free-purchase.js';
import { redeemForCheckout } from '../promotions/apply-promotion.js';
import { customerStreamId, paymentStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';
import { applyPurchase } from './apply-purchase.js';
import { expectedOf, paymentDecider } from './payment-decider.js';
import { resumeStep } from './resume-checkout.js';

export const INVALID_PRODUCT = 'Producto Inválido';
export const INVALID_PRODUCT_DETAIL = 'El producto seleccionado no está disponible.';

/**
 * Starts (or resumes) the checkout of one tool: the amount comes from the catalogue, never the
 * browser; a tool owned for life is refused before anything is charged; the PaymentIntent is
 * created with an idempotency key of our payment, so a retried or repeated checkout of the same
 * tool reaches the same PaymentIntent instead of a second charge. A checkout resumed after the
 * catalogue price changed is started again at the current price.
 */
export async function createPaymentIntent(
  billing: Billing,
  payer: Payer,
  productId: string,
  promotionCode?: string,
  restarts = 1,
): Promise<CreatePaymentIntentResponse> {
  const product = await billing.catalog.product(productId);
  if (!product || product.status === 'draft') {
    throw new DomainError('invalid', 'invalid_product', INVALID_PRODUCT, {
      detail: INVALID_PRODUCT_DETAIL,
    });
  }
  // A retired tool is no longer sold (those who own it keep using it): the same handling, 409.
  if (product.status === 'retired') {
    throw new DomainError('conflict', 'product_retired', INVALID_PRODUCT, {
      detail: INVALID_PRODUCT_DETAIL,
    });
  }
  const customer = await customerOf(billing, payer);
  const { userId } = payer;
  const open = {
    kind: 'open-purchase' as const,
    userId,
    productId: product.id,
    productName: product.name.es,
  };
  // Refused here already (the decision below checks again), so no customer is made for nothing.
  customerDecider.decide({ ...open, paymentId: billing.newId() }, customer, {
    now: billing.clock(),
    newId: billing.newId,
  });
  const providerCustomerId = await ensureProviderCustomer(billing, payer, customer);

  const paymentId = await transact(billing, async (session) => {
    const opened = await decideIn(billing, session, customerStreamId(userId), customerDecider, {
      ...open,
      paymentId: billing.newId(),
    });
    const id = opened.state.openPurchases[product.id]!;
    const discount = await redeemForCheckout(billing, session, {
      code: promotionCode,
      paymentId: id,
      userId,
      purchase: 'tools',
      amountCents: product.priceCents,
      customer: opened.state,
    });
    // The price and discount are fixed now; a resumed checkout is started again if the
    // catalogue changed since (tools carry no discount in the catalogue today).
    const terms = {
      paymentId: id,
      userId,
      purpose: { kind: 'product' as const, productId: product.id },
      amountCents: product.priceCents,
      currency: product.currency,
      ...discount,
      description: product.name.es,
    };
    const stream = paymentStreamId(id);
    await decideIn(billing, session, stream, paymentDecider, { kind: 'start', ...terms });
    await decideIn(billing, session, stream, paymentDecider, { kind: 'reprice', ...terms });
    return id;
  });

  const { stripe } = billing.provider;
  const { state: payment } = await billing.commands.load(
    paymentStreamId(paymentId),
    paymentDecider,
  );
  const expected = expectedOf(payment.started!);
  if (expected.amountCents === 0) return completeFreePurchase(billing, paymentId, payment);
  const amounts = {
    amountCents: expected.amountCents,
    discountCents: payment.started!.discountCents,
  };
  if (payment.providerPaymentId) {
    const retrieve = (id: string) =>
      callProvider(() => stripe.paymentIntents.retrieve(id, { expand: PAYMENT_INTENT_EXPAND }));
    let existing = await retrieve(payment.providerPaymentId);
    let step = resumeStep(existing, expected);
    if (step === 'reuse' && existing.client_secret) {
      return { clientSecret: existing.client_secret, paymentIntentId: existing.id, ...amounts };
    }
    if (step === 'update') {
      // The customer pays what the catalogue says now, on the PaymentIntent they already have.
      const updated = await callProvider(() =>
        stripe.paymentIntents.update(existing.id, {
          amount: expected.amountCents,
          currency: expected.currency,
        }),
      ).catch((err: unknown) => {
        billing.logger.warn({ err, paymentId }, 'repricing the PaymentIntent refused; replaced');
        return null;
      });
      if (updated?.client_secret) {
        return { clientSecret: updated.client_secret, paymentIntentId: updated.id, ...amounts };
      }
      step = 'replace';
    }
    if (step === 'replace') {
      // Too late to change it: cancel it (refused if it was paid meanwhile) and start anew.
      await callProvider(() => stripe.paymentIntents.cancel(existing.id)).catch((err: unknown) =>
        billing.logger.warn({ err, paymentId }, 'open PaymentIntent not canceled'),
      );
      existing = await retrieve(existing.id);
      step = resumeStep(existing, expected);
    }
    if (step === 'processing') {
      throw new DomainError(
        'conflict',
        'payment_processing',
        'Tu pago anterior de este producto aún se está procesando. Revisa tu panel en unos minutos.',
      );
    }
    // Paid meanwhile (its news is recorded now, so the refusal follows), or canceled: either way
    // this checkout is over and the next one starts from the customer's current state.
    const ref = purchaseRefOf(existing);
    if (ref) await transact(billing, (session) => applyPurchase(billing, session, ref, existing));
    if (restarts <= 0) throw new Error(`Checkout of payment ${paymentId} could not be resumed`);
    return createPaymentIntent(billing, payer, productId, promotionCode, restarts - 1);
  }

  const created = await callProvider(() =>
    stripe.paymentIntents.create(
      {
        amount: expected.amountCents,
        currency: expected.currency,
        customer: providerCustomerId,
        description: product.name.es,
        metadata: { userId, productId: product.id, paymentId },
        // The checkout confirms without leaving the page (spec: "without redirect").
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      },
      { idempotencyKey: `purchase-${paymentId}` },
    ),
  );
  await billing.commands.handle(paymentStreamId(paymentId), paymentDecider, {
    kind: 'attach-intent',
    paymentId,
    providerPaymentId: created.id,
  });
  return { clientSecret: created.client_secret!, paymentIntentId: created.id, ...amounts };
}
