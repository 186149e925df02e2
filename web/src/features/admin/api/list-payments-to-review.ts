import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentReviewResponseSchema, type PaymentReviewResponse } from '@mia/contracts';
import { api } from '@/lib/api-client';

export const paymentsToReviewQueryKey = ['admin', 'payments-to-review'] as const;

/**
 * Payments the provider reported paid for other money than their checkout or plan asked, the
 * newest first (billing). Nothing was granted for them: staff refund or grant by hand.
 */
export const listPaymentsToReview = (): Promise<PaymentReviewResponse> =>
  api.get('/api/admin/payments/review', { schema: paymentReviewResponseSchema });

export const paymentsToReviewQueryOptions = () =>
  queryOptions({
    queryKey: paymentsToReviewQueryKey,
    queryFn: listPaymentsToReview,
    staleTime: 0,
  });

export const usePaymentsToReview = () => useQuery(paymentsToReviewQueryOptions());
