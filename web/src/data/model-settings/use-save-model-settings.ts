import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModelConnectionInput } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { voiceKeys } from '../voice/keys.ts';
import { modelSettingsKeys } from './keys.ts';

/** PUT /api/model-settings; the answer (the saved connection, who answers now) replaces the cached settings. */
export function useSaveModelSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModelConnectionInput) => api.saveModelSettings(body),
    onSuccess: (settings) => {
      queryClient.setQueryData(modelSettingsKeys.settings(), settings);
      // Voice notes may now go through the founder's own connection (or no longer): ask again.
      void queryClient.invalidateQueries({ queryKey: voiceKeys.all() });
    },
  });
}
