import {
  paymentMethodConfirmResponseSchema,
  type PaymentMethodConfirmResponse,
} from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * After the card form confirmed the SetupIntent: billing makes the card the default at once and,
 * for a plan that is past due, pays its open invoice with it (a decline is a 402 to show).
 */
export const confirmPaymentMethod = (
  setupIntentId: string,
): Promise<PaymentMethodConfirmResponse> =>
  api.post(
    '/api/billing/payment-method/confirm',
    { setupIntentId },
    { schema: paymentMethodConfirmResponseSchema },
  );

export const useConfirmPaymentMethod = () => useMutation({ mutationFn: confirmPaymentMethod });
