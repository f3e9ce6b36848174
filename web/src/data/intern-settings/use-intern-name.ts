import { CHAT } from '@cofounder/shared';
import { useInternSettings } from './use-intern-settings.ts';

/** The intern's name from GET /api/users/{userId}/intern-settings; the default name while it loads or cannot be read. */
export function useInternName(userId: string): string {
  const { data } = useInternSettings(userId);
  return data?.internName ?? CHAT.defaultInternName;
}
