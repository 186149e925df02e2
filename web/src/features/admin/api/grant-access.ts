import { messageResponseSchema, type AdminGrantRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec section 7: free access for a user by e-mail (one tool or `all`). */
export const grantAccess = (body: AdminGrantRequest) =>
  api.post('/api/admin/grant-access', body, { schema: messageResponseSchema });

export const useGrantAccess = () => useMutation({ mutationFn: grantAccess });
