import type { AdminRevokeRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Ends a user's access to one tool or `all`. */
export const revokeAccess = (body: AdminRevokeRequest) =>
  api.post('/api/admin/revoke-access', body);

export const useRevokeAccess = () => useMutation({ mutationFn: revokeAccess });
