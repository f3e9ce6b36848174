import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { autonomyKeys } from './keys.ts';

/** GET /api/autonomous/settings: the stored settings, or the server's defaults. */
export function useAutonomySettings(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: autonomyKeys.settings(userId),
    queryFn: async () => (await api.autonomySettings(userId)).settings,
  });
}
