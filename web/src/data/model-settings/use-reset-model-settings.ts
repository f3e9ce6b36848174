import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { voiceKeys } from '../voice/keys.ts';
import { modelSettingsKeys } from './keys.ts';

/** DELETE /api/model-settings: back to the server's default; the answer replaces the cached settings. */
export function useResetModelSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.resetModelSettings(),
    onSuccess: (settings) => {
      queryClient.setQueryData(modelSettingsKeys.settings(), settings);
      // Voice notes may now go through the founder's own connection (or no longer): ask again.
      void queryClient.invalidateQueries({ queryKey: voiceKeys.all() });
    },
  });
}
