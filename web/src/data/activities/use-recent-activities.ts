import { useQuery } from '@tanstack/react-query';
import { WORK } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { activityKeys } from './keys.ts';

/** The newest WORK.recentActivities activities with stats; polls like the task list while `live`. */
export function useRecentActivities(userId: string, live: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: activityKeys.recent(userId),
    queryFn: () => api.activities(userId, { limit: WORK.recentActivities, page: 1 }),
    refetchInterval: live ? WORK.livePollMs : false,
  });
}
