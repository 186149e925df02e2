import {
  messageResponseSchema,
  resendVerificationResponseSchema,
  type VerifyEmailRequest,
} from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

export const verifyEmail = (body: VerifyEmailRequest) =>
  api.post('/api/verify-email', body, { schema: messageResponseSchema });

/** Opens the mailed link's token; a signed-in user's `emailVerified` is read again after. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}

export const resendVerification = () =>
  api.post('/api/verify-email/resend', undefined, { schema: resendVerificationResponseSchema });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
