import { userSchema, type SecondFactorRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

/** The code step of a sign-in: the pending cookie says which; the answer is the user. */
export const completeSignIn = (body: SecondFactorRequest) =>
  api.post('/api/login/second-factor', body, { schema: userSchema });

export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSignIn,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
