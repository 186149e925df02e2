import { billingOverviewResponseSchema, type BillingOverviewResponse } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const billingOverviewQueryKey = ['billing', 'overview'] as const;

/** The signed-in user's plan, trial, saved card and invoices. */
export const getBillingOverview = (): Promise<BillingOverviewResponse> =>
  api.get('/api/billing', { schema: billingOverviewResponseSchema });

export const billingOverviewQueryOptions = () =>
  queryOptions({ queryKey: billingOverviewQueryKey, queryFn: getBillingOverview });

export const useBillingOverview = () => useQuery(billingOverviewQueryOptions());
