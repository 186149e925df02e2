import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

export const logout = () => api.post('/api/logout');

/** On success the user is cleared and every other cached answer dropped (it was theirs). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, null);
    },
  });
}
