import { userSchema, type LoginRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

/** Signs in with the e-mail as username (spec section 3). */
export const login = (body: LoginRequest) => api.post('/api/login', body, { schema: userSchema });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
