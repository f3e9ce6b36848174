import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type LocalModelServersResponse } from '@cofounder/shared';
import { useApi } from '../../../data/api-context.tsx';

const localServersKey = ['model-settings', 'local-servers'] as const;

/** null: this server does not look for local model servers (not in local mode, or not this machine: a 404). */
export type LocalServersFound = LocalModelServersResponse | null;

const notAvailable = (error: unknown) => error instanceof ApiError && error.status === 404;

/** What the last scan of this machine found (GET …/local-servers), and "Scan again" (POST …/scan). */
export function useLocalModelServers() {
  const api = useApi();
  const queryClient = useQueryClient();
  const found = useQuery({
    queryKey: localServersKey,
    queryFn: async (): Promise<LocalServersFound> => {
      try {
        return await api.localModelServers();
      } catch (error) {
        if (notAvailable(error)) return null;
        throw error;
      }
    },
  });
  const scan = useMutation({
    mutationFn: () => api.scanLocalModelServers(),
    onSuccess: (data) => queryClient.setQueryData<LocalServersFound>(localServersKey, data),
    onError: (error) => {
      if (notAvailable(error)) queryClient.setQueryData<LocalServersFound>(localServersKey, null);
    },
  });
  return { found, scan };
}

/** A failed load or scan in plain words; a 429 carries the server's own text ("Scanned a moment ago…"). */
export function scanErrorText(error: unknown): string | null {
  if (!error || notAvailable(error)) return null;
  if (error instanceof ApiError && error.status === 429) return error.message;
  if (error instanceof ApiError) return 'The server could not look for local model servers. Try again.';
  return 'Could not reach the server. Check that it is running and try again.';
}
