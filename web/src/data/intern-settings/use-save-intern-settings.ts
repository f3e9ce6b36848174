import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InternSettings } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { internSettingsKeys } from './keys.ts';

/** POST /api/users/{userId}/intern-settings; on success the saved settings replace the cached ones. */
export function useSaveInternSettings(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: InternSettings) => api.saveInternSettings(userId, { settings }),
    onSuccess: async ({ settings }) => {
      queryClient.setQueryData(internSettingsKeys.settings(userId), settings);
      // The chat header and anything else reading the settings refetch, so they show what the server stored.
      await queryClient.invalidateQueries({ queryKey: internSettingsKeys.settings(userId) });
    },
  });
}
