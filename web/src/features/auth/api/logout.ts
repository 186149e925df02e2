import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const logout = () => api.post('/api/logout');

/**
 * Signing out ends with a full page load of `to`: nothing of the previous user's data survives in
 * memory, and the guard of the private page being left cannot race the navigation (clearing the
 * cached user first would make it redirect to /auth).
 */
export function useLogout({ to = '/' }: { to?: string } = {}) {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => window.location.assign(to),
  });
}
