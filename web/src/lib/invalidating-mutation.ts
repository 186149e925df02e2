import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** How a mutation retries (react-query's own options), e.g. link-error.ts's. */
export interface MutationRetries {
  retry?: (failures: number, error: unknown) => boolean;
  retryDelay?: number;
}

/** A mutation after which every query under `queryKey` is read again (a list it changed). */
export function useInvalidatingMutation<V, R>(
  queryKey: QueryKey,
  run: (variables: V) => Promise<R>,
  retries: MutationRetries = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retries,
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
