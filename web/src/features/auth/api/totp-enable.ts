import { totpEnableResponseSchema, type TotpEnableRequest } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

/** The app's code confirms the set-up: ten recovery codes, and a new session cookie. */
export const enableTotp = (body: TotpEnableRequest) =>
  api.post('/api/2fa/totp/enable', body, { schema: totpEnableResponseSchema });

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    // The user now says twoFactorEnabled, and the new session opens the admin panel.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
