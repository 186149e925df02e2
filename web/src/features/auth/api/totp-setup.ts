import { totpSetupResponseSchema } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A new secret for the authenticator app, and the otpauth:// URL that carries it. */
export const setUpTotp = () =>
  api.post('/api/2fa/totp/setup', {}, { schema: totpSetupResponseSchema });

export const useSetUpTotp = () => useMutation({ mutationFn: setUpTotp });
