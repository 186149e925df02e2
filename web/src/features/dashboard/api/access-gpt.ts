import { accessGptResponseSchema, type AccessGptResponse } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardQueryKey } from './dashboard';

/** Spec section 7: checks the entitlement, counts the use and answers where the tool opens. */
export const accessGpt = (productId: string): Promise<AccessGptResponse> =>
  api.post('/api/access-gpt', { productId }, { schema: accessGptResponseSchema });

/** After an open (granted or not) the dashboard is read again: the use count moved. */
export function useAccessGpt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accessGpt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}
