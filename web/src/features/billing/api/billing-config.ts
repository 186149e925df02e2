import { billingConfigResponseSchema, type BillingConfigResponse } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whether the payment form is Stripe's or the labelled sandbox's, and the publishable key. */
export const getBillingConfig = (): Promise<BillingConfigResponse> =>
  api.get('/api/billing/config', { schema: billingConfigResponseSchema });

export const billingConfigQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'config'], queryFn: getBillingConfig });

export const useBillingConfig = () => useQuery(billingConfigQueryOptions());
