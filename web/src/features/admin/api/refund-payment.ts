import { adminRefundResponseSchema, type AdminRefundRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Billing's refund through the provider: all that is left, or `amountCents` (partial). A plan's
 * payment needs `planAction` (cancel the plan now, or keep it); the 7-day policy is shown, not
 * enforced.
 */
export const refundPayment = (body: AdminRefundRequest) =>
  api.post('/api/admin/refunds', body, { schema: adminRefundResponseSchema });

export const useRefundPayment = () => useMutation({ mutationFn: refundPayment });
