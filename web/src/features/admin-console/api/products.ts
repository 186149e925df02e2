import {
  adminProductSchema,
  adminProductsResponseSchema,
  publicCatalogPlanSchema,
  type CreateProductRequest,
  type PlanType,
  type UpdateProductRequest,
} from '@mia/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api, apiRequest } from '@/lib/api-client';

const productKeys = { all: ['admin', 'products'] as const };

const productPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

/** Every product, drafts included, with its destination; and the plans (billing, admin role). */
export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.all,
    queryFn: () => api.get('/api/admin/products', { schema: adminProductsResponseSchema }),
    // The owner edits what they see: never an older answer.
    staleTime: 0,
  });

export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

export const createProduct = (body: CreateProductRequest) =>
  api.post('/api/admin/products', body, { schema: adminProductSchema.or(z.unknown()) });

export const updateProduct = ({ id, body }: { id: string; body: UpdateProductRequest }) =>
  apiRequest('PATCH', productPath(id), { body, schema: z.unknown() });

export const publishProduct = (id: string) =>
  api.post(`${productPath(id)}/publish`, undefined, { schema: z.unknown() });

export const retireProduct = (id: string) =>
  api.post(`${productPath(id)}/retire`, undefined, { schema: z.unknown() });

export const updatePlanPrice = ({
  planType,
  priceCents,
}: {
  planType: PlanType;
  priceCents: number;
}) =>
  apiRequest('PATCH', `/api/admin/plans/${planType}`, {
    body: { priceCents },
    schema: publicCatalogPlanSchema.or(z.unknown()),
  });

const uploadedImageSchema = z.object({ image: z.string() });

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 1024 * 1024;

/**
 * The image goes as the raw body with its own type (billing re-encodes it to WebP); the answer is
 * the path to store in the product. Not JSON, so not through `api`; errors raise the same ApiError.
 */
export async function uploadProductImage(file: Blob): Promise<string> {
  const response = await fetch('/api/admin/products/images', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': file.type, Accept: 'application/json' },
    body: file,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return uploadedImageSchema.parse(JSON.parse(text)).image;
}

/** A mutation that refreshes the list once it is done, whatever it changed. */
function useProductMutation<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export const useCreateProduct = () => useProductMutation(createProduct);
export const useUpdateProduct = () => useProductMutation(updateProduct);
export const usePublishProduct = () => useProductMutation(publishProduct);
export const useRetireProduct = () => useProductMutation(retireProduct);
export const useUpdatePlanPrice = () => useProductMutation(updatePlanPrice);
export const useUploadProductImage = () => useMutation({ mutationFn: uploadProductImage });
