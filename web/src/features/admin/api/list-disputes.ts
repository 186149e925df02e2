import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDisputeListResponseSchema, type AdminDisputeListResponse } from '@mia/contracts';
import { api } from '@/lib/api-client';

export const disputesQueryKey = ['admin', 'disputes'] as const;

/** The open disputes of every customer, the nearest evidence deadline first (billing). */
export const listDisputes = (): Promise<AdminDisputeListResponse> =>
  api.get('/api/admin/disputes', { schema: adminDisputeListResponseSchema });

export const disputesQueryOptions = () =>
  queryOptions({ queryKey: disputesQueryKey, queryFn: listDisputes, staleTime: 0 });

export const useDisputes = () => useQuery(disputesQueryOptions());
