import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const instant = z.iso.datetime({ offset: true });

/** One connection (an OAuth grant) of the signed-in user; `id` is what is revoked. */
export const connectedAppSchema = z.object({
  id: z.string().min(1),
  clientName: z.string(),
  connectedAt: instant,
  lastUsedAt: instant.nullable(),
});

export const connectedAppsResponseSchema = z.object({ apps: z.array(connectedAppSchema) });

export type ConnectedApp = z.infer<typeof connectedAppSchema>;
export type ConnectedAppsResponse = z.infer<typeof connectedAppsResponseSchema>;

export const connectedAppsQueryKey = ['connected-apps'] as const;

/** `GET /api/connected-apps` (identity). */
export const getConnectedApps = (): Promise<ConnectedAppsResponse> =>
  api.get('/api/connected-apps', { schema: connectedAppsResponseSchema });

export const connectedAppsQueryOptions = () =>
  queryOptions({ queryKey: connectedAppsQueryKey, queryFn: getConnectedApps });

export const useConnectedApps = () => useQuery(connectedAppsQueryOptions());
