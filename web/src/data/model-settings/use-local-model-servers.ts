import { useQuery } from '@tanstack/react-query';
import { ApiError, type LocalModelServersResponse } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { modelSettingsKeys } from './keys.ts';

/** null: this server does not look for local model servers (not in local mode, or not this machine: a 404). */
export type LocalServersFound = LocalModelServersResponse | null;

/** The 404 that means "this server does not look for local model servers" rather than a failure. */
export const localServersUnavailable = (error: unknown) => error instanceof ApiError && error.status === 404;

/** What the last scan of this machine found (GET …/local-servers); `enabled` false asks nothing. */
export function useLocalModelServers({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: modelSettingsKeys.localServers(),
    enabled,
    queryFn: async (): Promise<LocalServersFound> => {
      try {
        return await api.localModelServers();
      } catch (error) {
        if (localServersUnavailable(error)) return null;
        throw error;
      }
    },
  });
}
