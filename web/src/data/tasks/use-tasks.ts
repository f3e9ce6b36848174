import { useQuery } from '@tanstack/react-query';
import { WORK, type TaskListResponse } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { taskKeys } from './keys.ts';

/** True while the engine still has work to do on any task, which is when the Work screen polls. */
export const hasLiveTasks = (data: TaskListResponse | undefined) =>
  !!data && data.pending + data.in_progress > 0;

/** GET /api/tasks/{userId}: every task with counts; polls every WORK.livePollMs while tasks run. */
export function useTasks(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: taskKeys.list(userId),
    queryFn: () => api.tasks(userId),
    refetchInterval: (query) => (hasLiveTasks(query.state.data) ? WORK.livePollMs : false),
  });
}
