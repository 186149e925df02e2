import { dashboardResponseSchema, type DashboardResponse } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const dashboardQueryKey = ['dashboard'] as const;

/** Spec section 7: the dashboard's products, usage and payments. */
export const getDashboard = (): Promise<DashboardResponse> =>
  api.get('/api/dashboard', { schema: dashboardResponseSchema });

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKey, queryFn: getDashboard });

/** Runs only when a user exists (spec section 7): the page is behind the sign-in guard. */
export const useDashboard = (enabled: boolean) => useQuery({ ...dashboardQueryOptions(), enabled });
