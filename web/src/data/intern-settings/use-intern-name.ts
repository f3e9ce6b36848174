import { useQuery } from '@tanstack/react-query';
import { ApiError, CHAT } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { internSettingsKeys } from './keys.ts';

/** The intern's name from GET /api/users/{userId}/intern-settings; "Your AI Intern" when none is saved (404). */
export function useInternName(userId: string): string {
  const api = useApi();
  const { data } = useQuery({
    queryKey: internSettingsKeys.settings(userId),
    queryFn: async () => {
      try {
        return (await api.internSettings(userId)).settings;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
  return data?.internName ?? CHAT.defaultInternName;
}
