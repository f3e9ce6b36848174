import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmActionBody } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { vmKeys } from './keys.ts';

/**
 * POST /api/computer-use/run-task/{id}: answers when the task ends (done, a limit, or Stop); the steps arrive on
 * the monitor socket meanwhile. Afterwards the list (each card's task line) and the stored task refetch.
 */
export function useRunComputerTask(userId: string, vmId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: string) => api.runComputerTask(vmId, { task, enableLiveUpdates: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vmKeys.all(userId) }),
  });
}

/** POST /api/computer-use/screenshot/{id}: the machine's screen now, as a data URL. */
export function useVmScreenshot(vmId: string) {
  const api = useApi();
  return useMutation({ mutationFn: async () => (await api.vmScreenshot(vmId)).screenshot });
}

/** POST /api/computer-use/stop/{id}: the running task ends after its current step. */
export function useStopComputerTask(vmId: string) {
  const api = useApi();
  return useMutation({ mutationFn: () => api.stopComputerTask(vmId) });
}

/** POST /api/computer-use/confirm/{id}: the founder's yes or no to a sensitive action. */
export function useConfirmComputerAction(vmId: string) {
  const api = useApi();
  return useMutation({ mutationFn: (body: ConfirmActionBody) => api.confirmComputerAction(vmId, body) });
}
