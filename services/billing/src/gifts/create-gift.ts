import type { CreateGiftRequest, CreateGiftResponse, GiftItem } from '@mia/contracts';
import { DomainError } from '@mia/service-kit';
import type { Billing } from '../billing.js';
import { customerOf, ensureProviderCustomer, type Payer } from '../customers/provider-customer.js';
import { INVALID_PRODUCT, INVALID_PRODUCT_DETAIL } from '../payments/create-payment-intent.js';
import { callProvider } from '../provider/provider-errors.js';
import { giftDecider } from './gift-decider.js';
import { describeGiftItem } from './gift-descriptions.js';
import { giftStreamId } from './gift-events.js';
import { GIFT_PURPOSE } from './gift-ref.js';
import { checkSendAt } from './gift-rules.js';

interface Priced {
  item: GiftItem;
  amountCents: number;
  currency: string;
}

/**
 * What the gift costs, from the catalogue: a tool's price, or ONE period of the plan's price (a
 * gifted plan is prepaid and never renews). Unknown and draft tools are invalid, retired ones no
 * longer sold, as for purchases.
 */
async function pricedItem(billing: Billing, body: CreateGiftRequest): Promise<Priced> {
  if (body.planType) {
    const plan = await billing.catalog.plan(body.planType);
    return {
      item: { kind: 'plan', plan: plan.planType },
      amountCents: plan.priceCents,
      currency: plan.currency,
    };
  }
  const product = body.productId ? await billing.catalog.product(body.productId) : undefined;
  if (!product || product.status === 'draft') {
    throw new DomainError('invalid', 'invalid_product', INVALID_PRODUCT, {
      detail: INVALID_PRODUCT_DETAIL,
    });
  }
  if (product.status === 'retired') {
    throw new DomainError('conflict', 'product_retired', INVALID_PRODUCT, {
      detail: INVALID_PRODUCT_DETAIL,
    });
  }
  return {
    item: { kind: 'product', productId: product.id },
    amountCents: product.priceCents,
    currency: product.currency,
  };
}

/**
 * POST /api/gifts: a new gift on its own stream and a PaymentIntent for it (marked a gift, so
 * its success becomes GiftPaid and never a purchase of the buyer's). Each call is a new gift;
 * the PaymentIntent's idempotency key is the gift, so a retried provider call is one charge.
 * No promotion codes: a gift is paid at the catalogue's price. A buyer may give to their own
 * address (access decides what a claim then does).
 */
export async function createGift(
  billing: Billing,
  payer: Payer,
  body: CreateGiftRequest,
): Promise<CreateGiftResponse> {
  const priced = await pricedItem(billing, body);
  const sendAt = body.sendAt ?? null;
  // Refused here already (the decision checks again), so nothing is made for nothing.
  checkSendAt(sendAt, billing.clock());
  const customer = await customerOf(billing, payer);
  const providerCustomerId = await ensureProviderCustomer(billing, payer, customer);

  const giftId = billing.newId();
  const stream = giftStreamId(giftId);
  await billing.commands.handle(stream, giftDecider, {
    kind: 'start',
    giftId,
    buyerId: payer.userId,
    ...priced,
    recipientEmail: body.recipientEmail,
    message: body.message ?? null,
    sendAt,
  });

  const description = await describeGiftItem(billing, priced.item, body.recipientEmail, 'es');
  const created = await callProvider(() =>
    billing.provider.stripe.paymentIntents.create(
      {
        amount: priced.amountCents,
        currency: priced.currency,
        customer: providerCustomerId,
        description,
        metadata: { purpose: GIFT_PURPOSE, giftId, userId: payer.userId, paymentId: giftId },
        // The checkout confirms without leaving the page, as a tool's does.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      },
      { idempotencyKey: `gift-${giftId}` },
    ),
  );
  await billing.commands.handle(stream, giftDecider, {
    kind: 'attach-intent',
    giftId,
    providerPaymentId: created.id,
  });
  return { giftId, clientSecret: created.client_secret!, amountCents: priced.amountCents };
}
