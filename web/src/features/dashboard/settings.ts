import {
  accountSettingsSchema,
  defaultAccountSettings,
  type AccountSettings,
} from '@mia/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AccountSettings };

export const settingsQueryKey = ['settings'] as const;
const settingsMutationKey = ['settings', 'save'] as const;

/** Access's `GET /api/settings`: the signed-in user's switches (the defaults until changed). */
export const getSettings = (): Promise<AccountSettings> =>
  api.get('/api/settings', { schema: accountSettingsSchema });

/** Access's `PUT /api/settings`: both switches, as they should now be. */
export const saveSettings = (settings: AccountSettings): Promise<AccountSettings> =>
  api.put('/api/settings', settings, { schema: accountSettingsSchema });

/**
 * The switches and a change function. A change shows at once (optimistic) and is sent with
 * both values; on failure the switch goes back and `onError` tells the person.
 */
export function useAccountSettings({ onError }: { onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: settingsQueryKey, queryFn: getSettings });
  const mutation = useMutation({
    mutationKey: settingsMutationKey,
    mutationFn: saveSettings,
    // Quick clicks are saved one after another, so the last one is what the account keeps.
    scope: { id: 'account-settings' },
    async onMutate(next) {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey });
      const previous = queryClient.getQueryData<AccountSettings>(settingsQueryKey);
      queryClient.setQueryData(settingsQueryKey, next);
      return { previous };
    },
    onError(error, _next, context) {
      queryClient.setQueryData(settingsQueryKey, context?.previous);
      onError(error);
    },
    onSuccess(saved) {
      // An answer for an older click must not undo a newer one still on its way.
      if (queryClient.isMutating({ mutationKey: settingsMutationKey }) <= 1)
        queryClient.setQueryData(settingsQueryKey, saved);
    },
  });
  const settings = query.data ?? defaultAccountSettings;
  const update = (change: Partial<AccountSettings>) => mutation.mutate({ ...settings, ...change });
  return { settings, loaded: query.isSuccess, update };
}
