import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Identity's view of a pending OAuth request: who asks, for what, and who is signed in. */
export const interactionDetailsSchema = z.object({
  uid: z.string().min(1),
  client: z.object({ id: z.string().min(1), name: z.string() }),
  scopes: z.array(z.string()),
  /** Null when nobody is signed in to the store. */
  account: z.object({ email: z.string(), name: z.string() }).nullable(),
  /** This user already allowed this client these scopes: no need to ask again. */
  remembered: z.boolean(),
});

export type InteractionDetails = z.infer<typeof interactionDetailsSchema>;

export const interactionPath = (uid: string) => `/api/oauth/interaction/${encodeURIComponent(uid)}`;

/** `GET /api/oauth/interaction/:uid/details`: 404 when unknown or expired. */
export const getInteractionDetails = (uid: string): Promise<InteractionDetails> =>
  api.get(`${interactionPath(uid)}/details`, { schema: interactionDetailsSchema });

/**
 * Never served from the cache: the same request is read again after the visitor signs in, and
 * its answer (`account`) has changed by then.
 */
export const interactionDetailsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['oauth-interaction', uid],
    queryFn: () => getInteractionDetails(uid),
    staleTime: 0,
    gcTime: 0,
  });

export const useInteractionDetails = (uid: string) => useQuery(interactionDetailsQueryOptions(uid));
