import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { taskKeys } from './keys.ts';

/** PATCH /api/tasks/{taskId} {vmId}: the machine a coding or research task runs on (null: none). */
export function useAssignMachine(userId: string, taskId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vmId: string | null) => api.patchTask(taskId, { vmId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all(userId) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.result(taskId) }),
      ]),
  });
}
