import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { connectedAppsQueryKey } from './connected-apps';

/**
 * `DELETE /api/connected-apps/:id` → 204. A 404 means the connection is not there any more
 * (revoked from another tab, or by a password change): what the user wanted, so not a failure.
 */
export async function revokeConnectedApp(id: string): Promise<void> {
  try {
    await apiRequest('DELETE', `/api/connected-apps/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

export function useRevokeConnectedApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeConnectedApp,
    // The list is read again either way: after a failure it shows what is really connected.
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectedAppsQueryKey }),
  });
}
