import { confirmPaymentResponseSchema, type ConfirmPaymentResponse } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec section 7: after the provider says `succeeded`, billing checks it and grants access. */
export const confirmPayment = (paymentIntentId: string): Promise<ConfirmPaymentResponse> =>
  api.post(
    '/api/confirm-payment',
    { paymentIntentId },
    // Confirming one intent twice records it once: the gateway may repeat it after a restart.
    { schema: confirmPaymentResponseSchema, idempotencyKey: `confirm-${paymentIntentId}` },
  );

export const useConfirmPayment = () => useMutation({ mutationFn: confirmPayment });
