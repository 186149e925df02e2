import { forgotPasswordResponseSchema, type ForgotPasswordRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const forgotPassword = (body: ForgotPasswordRequest) =>
  api.post('/api/forgot-password', body, { schema: forgotPasswordResponseSchema });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
