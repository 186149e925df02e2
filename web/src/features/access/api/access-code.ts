import { accessCodeResponseSchema, type AccessCodeResponse } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const accessCodeQueryKey = ['access-code'] as const;

/** The signed-in user's personal access code (the "código MIA"). */
export const getAccessCode = (): Promise<AccessCodeResponse> =>
  api.get('/api/access-code', { schema: accessCodeResponseSchema });

export const accessCodeQueryOptions = () =>
  queryOptions({ queryKey: accessCodeQueryKey, queryFn: getAccessCode });

export const useAccessCode = () => useQuery(accessCodeQueryOptions());
