import { resendVerificationResponseSchema } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Identity mails a new verification link (it limits how often). */
export const resendVerification = () =>
  api.post('/api/verify-email/resend', undefined, { schema: resendVerificationResponseSchema });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
