import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { vmKeys } from './keys.ts';

/**
 * GET /api/computer-use/task/{id}: the machine's latest task with its decision timeline and any pending
 * confirmation, so a page opened mid-task shows what already happened. Live updates come from the monitor socket.
 */
export function useVmTask(userId: string, vmId: string) {
  const api = useApi();
  return useQuery({
    queryKey: vmKeys.task(userId, vmId),
    queryFn: () => api.vmTask(vmId),
  });
}
