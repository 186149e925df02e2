import { userSchema, type RegisterRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

export const register = (body: RegisterRequest) =>
  api.post('/api/register', body, { schema: userSchema });

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
