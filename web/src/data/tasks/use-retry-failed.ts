import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { taskKeys } from './keys.ts';

/** POST /api/tasks/{userId}/retry-failed; the task list refetches afterwards. */
export function useRetryFailed(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.retryFailedTasks(userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all(userId) }),
  });
}
