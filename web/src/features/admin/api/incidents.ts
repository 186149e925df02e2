import {
  incidentSchema,
  openIncidentsResponseSchema,
  type PostIncidentRequest,
} from '@mia/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const incidentKeys = { open: ['admin', 'incidents', 'open'] as const };

/** The incidents still open on the status page (support's staff list, never cached). */
export const openIncidentsQueryOptions = () =>
  queryOptions({
    queryKey: incidentKeys.open,
    queryFn: async () =>
      (await api.get('/api/admin/incidents', { schema: openIncidentsResponseSchema })).incidents,
    staleTime: 0,
  });

export const useOpenIncidents = () => useQuery(openIncidentsQueryOptions());

/** Support's staff command: announce an incident or a maintenance on the status page. */
export const postIncident = (body: PostIncidentRequest) =>
  api.post('/api/admin/incidents', body, { schema: incidentSchema });

/** Declares it over (again: nothing changes). */
export const resolveIncident = (id: string) =>
  api.post(`/api/admin/incidents/${encodeURIComponent(id)}/resolve`, undefined, {
    schema: incidentSchema,
  });

function useIncidentMutation<A>(mutationFn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: incidentKeys.open }),
  });
}

export const usePostIncident = () => useIncidentMutation(postIncident);
export const useResolveIncident = () => useIncidentMutation(resolveIncident);
