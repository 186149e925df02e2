import { userSchema, type User } from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Identity's `POST /api/change-password`: every other session ends and this one is renewed
 * (a fresh cookie), so the answer is the user, as sign-in answers it.
 */
export const changePassword = (body: ChangePasswordBody): Promise<User> =>
  api.post('/api/change-password', body, { schema: userSchema });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
