import { accessCodeResponseSchema, type AccessCodeResponse } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessCodeQueryKey } from './access-code';

/** A new code; the old one stops working at once. */
export const rotateAccessCode = (): Promise<AccessCodeResponse> =>
  api.post('/api/access-code/rotate', {}, { schema: accessCodeResponseSchema });

export function useRotateAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateAccessCode,
    onSuccess: (answer) => queryClient.setQueryData(accessCodeQueryKey, answer),
  });
}
