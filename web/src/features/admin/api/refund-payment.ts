import { adminRefundResponseSchema, type AdminRefundRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/**
 * Billing's refund through the provider: all that is left, or `amountCents` (partial). A plan's
 * payment needs `planAction` (cancel the plan now, or keep it); the 7-day policy is shown, not
 * enforced.
 */
export const refundPayment = (body: AdminRefundRequest) =>
  api.post('/api/admin/refunds', body, { schema: adminRefundResponseSchema });

export const useRefundPayment = () => useMutation({ mutationFn: refundPayment });

/** The error code billing answered with (`plan_action_required`, ...), if any. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object' && 'code' in parsed) {
      const { code } = parsed as { code: unknown };
      return typeof code === 'string' ? code : null;
    }
  } catch {
    // Not the shared error body.
  }
  return null;
}
