import type { ResetPasswordRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = (body: ResetPasswordRequest) => api.post('/api/reset-password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
