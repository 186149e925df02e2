import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminCustomerResponseSchema, type AdminCustomerResponse } from '@mia/contracts';

export const customerQueryKey = (email: string) => ['admin', 'customer', email] as const;

/** A customer's grants with their sources, payments and timeline (admin role). */
export const getCustomer = (email: string): Promise<AdminCustomerResponse> =>
  api.get(`/api/admin/customers?${new URLSearchParams({ email })}`, {
    schema: adminCustomerResponseSchema,
  });

export const customerQueryOptions = (email: string) =>
  queryOptions({
    queryKey: customerQueryKey(email),
    queryFn: () => getCustomer(email),
    // An admin looks because something just changed: never show an older answer.
    staleTime: 0,
  });

export const useCustomer = (email: string | null) =>
  useQuery({ ...customerQueryOptions(email ?? ''), enabled: Boolean(email) });
