import { CHAT } from '@cofounder/shared';
import { useInternSettings } from './use-intern-settings.ts';

/** The intern's name from GET /api/users/{userId}/intern-settings; "Your AI Intern" when none is saved (404). */
export function useInternName(userId: string): string {
  const { data } = useInternSettings(userId);
  return data?.internName ?? CHAT.defaultInternName;
}
