import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { modelSettingsKeys } from './keys.ts';
import { localServersUnavailable, type LocalServersFound } from './use-local-model-servers.ts';

/** "Scan again" (POST …/scan): its answer replaces the list; a 404 turns the list into "not available". */
export function useScanLocalModelServers() {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = modelSettingsKeys.localServers();
  return useMutation({
    mutationFn: () => api.scanLocalModelServers(),
    onSuccess: (data) => queryClient.setQueryData<LocalServersFound>(key, data),
    onError: (error) => {
      if (localServersUnavailable(error)) queryClient.setQueryData<LocalServersFound>(key, null);
    },
  });
}
