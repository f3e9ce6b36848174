import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostingSettings } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { postingSettingsKeys } from './keys.ts';

/**
 * PUT /api/user/posting-settings, optimistic: the switch moves at once and moves back when the save fails;
 * the server's answer replaces the cached settings.
 */
export function useUpdatePostingSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = postingSettingsKeys.all();
  return useMutation({
    mutationFn: async (settings: PostingSettings) => (await api.updatePostingSettings(settings)).settings,
    onMutate: async (settings) => {
      // A fetch landing after the optimistic write would put the old value back.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PostingSettings>(key);
      queryClient.setQueryData(key, settings);
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
