import { userSchema, type TwoFactorDisableRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

/** Turns two-step verification off (password and a code again); the answer is the user. */
export const disableTwoFactor = (body: TwoFactorDisableRequest) =>
  api.post('/api/2fa/disable', body, { schema: userSchema });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
