import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, type Api, type InternSettings } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { internSettingsKeys } from './keys.ts';

/** The one query of the saved settings: null when the user never saved any (the server answers 404). */
export function internSettingsQuery(api: Api, userId: string) {
  return queryOptions({
    queryKey: internSettingsKeys.settings(userId),
    queryFn: async (): Promise<InternSettings | null> => {
      try {
        return (await api.internSettings(userId)).settings;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** The intern's saved settings from GET /api/users/{userId}/intern-settings (null when none are saved). */
export function useInternSettings(userId: string) {
  const api = useApi();
  return useQuery(internSettingsQuery(api, userId));
}
