import { adminRoleResponseSchema, type AdminRoleRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Identity's roles command: grant or remove the admin role, with the reason recorded. */
export const changeRole = (body: AdminRoleRequest) =>
  api.post('/api/admin/roles', body, { schema: adminRoleResponseSchema });

export const useChangeRole = () => useMutation({ mutationFn: changeRole });
