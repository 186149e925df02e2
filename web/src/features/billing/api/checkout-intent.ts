import { createPaymentIntentResponseSchema } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutRequest, type CheckoutItem } from '@/features/billing/checkout-item';
import { intentIdFromClientSecret } from '@/features/billing/payment/client-secret';

export interface CheckoutIntent {
  clientSecret: string;
  /** The PaymentIntent to confirm (a subscription's first invoice has one too). */
  paymentIntentId: string;
  /** What the card pays after the discount (0: nothing to pay, the purchase is complete). */
  amountCents: number;
  discountCents: number;
}

/**
 * Spec section 7: `POST /api/create-payment-intent {productId}` for a tool, `POST
 * /api/subscriptions {priceId, planType}` for a plan; both answer the client secret.
 *
 * Both are safe to repeat: billing resumes the customer's open checkout of the item (the same
 * PaymentIntent or subscription) instead of starting a second. The Idempotency-Key says so to
 * the gateway, which then sends the call to another replica when the first refused the
 * connection (a restart) instead of answering 502.
 */
export async function createCheckoutIntent(
  found: CheckoutItem,
  promotionCode?: string,
): Promise<CheckoutIntent> {
  const { path, body } = checkoutRequest(found);
  const answer = await api.post(path, promotionCode ? { ...body, promotionCode } : body, {
    schema: createPaymentIntentResponseSchema,
    idempotencyKey: `checkout-${found.item.id}${promotionCode ? `-${promotionCode.toLowerCase()}` : ''}`,
  });
  return {
    clientSecret: answer.clientSecret,
    paymentIntentId: answer.paymentIntentId ?? intentIdFromClientSecret(answer.clientSecret),
    amountCents: answer.amountCents,
    discountCents: answer.discountCents,
  };
}

/**
 * A query rather than a mutation so that the page's double mount in development and a
 * re-render share one intent; `gcTime: 0` makes a new visit prepare a new one, and nothing
 * refetches it behind the form's back.
 */
export const checkoutIntentQueryOptions = (found: CheckoutItem) =>
  queryOptions({
    queryKey: ['checkout', 'intent', found.item.id],
    queryFn: () => createCheckoutIntent(found),
    staleTime: Infinity,
    gcTime: 0,
  });

export const useCheckoutIntent = (found: CheckoutItem) =>
  useQuery(checkoutIntentQueryOptions(found));
