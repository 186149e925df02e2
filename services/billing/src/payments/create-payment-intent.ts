import { findProduct } from '@mia/catalog';
import type { CreatePaymentIntentResponse } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { customerDecider } from '../customers/customer-decider.js';
import { customerOf, ensureProviderCustomer, type Payer } from '../customers/provider-customer.js';
import { callProvider } from '../provider/provider-errors.js';
import { PAYMENT_INTENT_EXPAND, purchaseRefOf } from '../provider/views.js';
import { customerStreamId, paymentStreamId } from '../shared/ids.js';
import { decideIn, transact } from '../shared/transact.js';
import { applyPurchase } from './apply-purchase.js';
import { paymentDecider } from './payment-decider.js';

export const INVALID_PRODUCT = 'Producto Inválido';
export const INVALID_PRODUCT_DETAIL = 'El producto seleccionado no está disponible.';

/** PaymentIntents a customer can still confirm (a declined card leaves one requiring a new card). */
const CONFIRMABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/**
 * Starts (or resumes) the checkout of one tool: the amount comes from the catalogue, never the
 * browser; a tool owned for life is refused before anything is charged; the PaymentIntent is
 * created with an idempotency key of our payment, so a retried or repeated checkout of the same
 * tool reaches the same PaymentIntent instead of a second charge.
 */
export async function createPaymentIntent(
  billing: Billing,
  payer: Payer,
  productId: string,
  restarts = 1,
): Promise<CreatePaymentIntentResponse> {
  const product = findProduct(productId);
  if (!product) {
    throw new DomainError('invalid', 'invalid_product', INVALID_PRODUCT, {
      detail: INVALID_PRODUCT_DETAIL,
    });
  }
  const customer = await customerOf(billing, payer);
  const { userId } = payer;
  const open = { kind: 'open-purchase' as const, userId, productId: product.id };
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
    await decideIn(billing, session, paymentStreamId(id), paymentDecider, {
      kind: 'start',
      paymentId: id,
      userId,
      purpose: { kind: 'product', productId: product.id },
      amountCents: product.priceCents,
      currency: product.currency.toLowerCase(),
      description: product.name,
    });
    return id;
  });

  const { stripe } = billing.provider;
  const { state: payment } = await billing.commands.load(
    paymentStreamId(paymentId),
    paymentDecider,
  );
  if (payment.providerPaymentId) {
    const existing = await callProvider(() =>
      stripe.paymentIntents.retrieve(payment.providerPaymentId!, { expand: PAYMENT_INTENT_EXPAND }),
    );
    if (CONFIRMABLE.has(existing.status) && existing.client_secret) {
      return { clientSecret: existing.client_secret, paymentIntentId: existing.id };
    }
    if (existing.status === 'processing') {
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
    return createPaymentIntent(billing, payer, productId, restarts - 1);
  }

  const created = await callProvider(() =>
    stripe.paymentIntents.create(
      {
        amount: product.priceCents,
        currency: product.currency.toLowerCase(),
        customer: providerCustomerId,
        description: product.name,
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
  return { clientSecret: created.client_secret!, paymentIntentId: created.id };
}
