import { promotionCodesResponseSchema, type CreatePromotionCodeRequest } from '@mia/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const promotionKeys = { all: ['admin', 'promotion-codes'] as const };

/** Every code with its redemptions so far (billing, admin role). */
export const promotionCodesQueryOptions = () =>
  queryOptions({
    queryKey: promotionKeys.all,
    queryFn: async () =>
      (await api.get('/api/admin/promotion-codes', { schema: promotionCodesResponseSchema }))
        .promotionCodes,
    staleTime: 0,
  });

export const usePromotionCodes = () => useQuery(promotionCodesQueryOptions());

export const createPromotionCode = (body: CreatePromotionCodeRequest) =>
  api.post('/api/admin/promotion-codes', body, { schema: z.unknown() });

export const deactivatePromotionCode = (code: string) =>
  api.post(`/api/admin/promotion-codes/${encodeURIComponent(code)}/deactivate`, undefined, {
    schema: z.unknown(),
  });

function usePromotionMutation<A>(mutationFn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

export const useCreatePromotionCode = () => usePromotionMutation(createPromotionCode);
export const useDeactivatePromotionCode = () => usePromotionMutation(deactivatePromotionCode);
