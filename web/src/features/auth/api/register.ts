import { registerResponseSchema, type RegisterRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

export const register = (body: RegisterRequest) =>
  api.post('/api/register', body, { schema: registerResponseSchema });

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    // The development-only verification token is not part of the user.
    onSuccess: ({ verificationToken: _token, ...user }) =>
      queryClient.setQueryData(userQueryKey, user),
  });
}
