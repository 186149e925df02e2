import type { User } from '@mia/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { clearSignedInHint, hasSignedInHint } from '@/lib/signed-in-hint';

// The session is read by several features (the landing header, the guard, the dashboard), so it
// lives here rather than in one of them: features do not import each other.

export const userQueryKey = ['user'] as const;

// Loaded on demand: the landing page asks for the user, and zod would otherwise be ~20 KB of its
// first download. The schema arrives while the request is in flight.
const loadUserSchema = () => import('@mia/contracts').then((contracts) => contracts.userSchema);

/** The signed-in user, or null: a 401 means nobody is signed in (spec section 7). */
export async function getUser(): Promise<User | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await api.get('/api/user', { schema: loadUserSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearSignedInHint();
      return null;
    }
    throw error;
  }
}

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export const useUser = () => useQuery(userQueryOptions());

export const logout = () => api.post('/api/logout');

/**
 * Signing out ends with a full page load of `to`: nothing of the previous user's data survives in
 * memory, and the guard of the private page being left cannot race the navigation (clearing the
 * cached user first would make it redirect to /auth).
 */
export function useLogout({ to = '/' }: { to?: string } = {}) {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => window.location.assign(to),
  });
}
