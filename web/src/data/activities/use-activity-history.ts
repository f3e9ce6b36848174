import { useInfiniteQuery } from '@tanstack/react-query';
import { WORK } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { activityKeys } from './keys.ts';

/** The full activity history, WORK.activityPageSize per page, with "Load more" through fetchNextPage. */
export function useActivityHistory(userId: string, enabled: boolean) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: activityKeys.history(userId),
    queryFn: ({ pageParam }) => api.activities(userId, { limit: WORK.activityPageSize, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.hasMore ? lastPage + 1 : undefined),
    enabled,
  });
}
