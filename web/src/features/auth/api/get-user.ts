import type { User } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export const userQueryKey = ['user'] as const;

// Loaded on demand: the landing page asks for the user, and zod would otherwise be ~20 KB of its
// first download. The schema arrives while the request is in flight.
const loadUserSchema = () => import('@mia/contracts').then((contracts) => contracts.userSchema);

/** The signed-in user, or null: a 401 means nobody is signed in (spec section 7). */
export async function getUser(): Promise<User | null> {
  try {
    return await api.get('/api/user', { schema: loadUserSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export const useUser = () => useQuery(userQueryOptions());
