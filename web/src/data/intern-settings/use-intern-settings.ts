import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Api, InternSettings } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { internSettingsKeys } from './keys.ts';

/** The one query of the settings: the saved ones, or the defaults the server answers while none are saved. */
export function internSettingsQuery(api: Api, userId: string) {
  return queryOptions({
    queryKey: internSettingsKeys.settings(userId),
    queryFn: async (): Promise<InternSettings> => (await api.internSettings(userId)).settings,
  });
}

/** The intern's settings from GET /api/users/{userId}/intern-settings. */
export function useInternSettings(userId: string) {
  const api = useApi();
  return useQuery(internSettingsQuery(api, userId));
}
