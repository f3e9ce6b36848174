import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { taskKeys } from './keys.ts';

/** GET /api/tasks/{taskId}/result for the task being looked at (nothing is fetched while taskId is null). */
export function useTaskResult(taskId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: taskKeys.result(taskId ?? ''),
    queryFn: () => api.taskResult(taskId ?? ''),
    enabled: taskId !== null,
  });
}
