import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * GET /api/status as the page reads it: looser than the contract on purpose, so a row name or
 * status value this build does not know yet still renders (spec section 4: an unknown value
 * displays as operational) instead of failing the whole page.
 */
export const statusAnswerSchema = z.object({
  updatedAt: z.string(),
  services: z.array(z.object({ name: z.string(), status: z.string() })),
  incidents: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      title: z.string(),
      body: z.string(),
      services: z.array(z.string()).default([]),
      startedAt: z.string(),
      resolvedAt: z.string().optional(),
    }),
  ),
  uptime: z.array(
    z.object({
      name: z.string(),
      days: z.array(z.object({ date: z.string(), availability: z.number().nullable() })),
    }),
  ),
});
export type StatusAnswer = z.infer<typeof statusAnswerSchema>;
export type StatusIncident = StatusAnswer['incidents'][number];

/** The answer is cached 10 s by the service; asking every 15 s keeps the page live. */
export const STATUS_REFETCH_MS = 15_000;

export const getStatus = () => api.get('/api/status', { schema: statusAnswerSchema });

export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['status'],
    queryFn: getStatus,
    staleTime: 10_000,
    refetchInterval: STATUS_REFETCH_MS,
  });

export const useStatus = () => useQuery(statusQueryOptions());
