import { salesMetricsResponseSchema } from '@mia/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rangeProblem, rangeQuery, type DateRange } from '@/features/admin-console/sales-format';

/** The sales view for a range (billing's projection; no provider call behind it). */
export const salesMetricsQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: ['admin', 'metrics', range.from, range.to, range.interval] as const,
    queryFn: () =>
      api.get(`/api/admin/metrics?${rangeQuery(range)}`, { schema: salesMetricsResponseSchema }),
    staleTime: 30_000,
  });

export const useSalesMetrics = (range: DateRange) =>
  useQuery({
    ...salesMetricsQueryOptions(range),
    enabled: rangeProblem(range) === null,
    // The charts stay while another range loads, instead of blinking empty.
    placeholderData: keepPreviousData,
  });
