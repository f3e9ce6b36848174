import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vm, VmAction } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { vmKeys } from './keys.ts';

/**
 * POST /api/vms/{action}/{id}: the answer's machine replaces the cached one (the card changes without waiting for
 * the next poll), and a deleted (terminated) one leaves at once; the list refetches afterwards, after a failure
 * too (another tab may have moved it on).
 */
export function useVmAction(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, vmId }: { action: VmAction; vmId: string }) => api.vmAction(action, vmId),
    onSuccess: ({ vm }, { action }) => {
      queryClient.setQueryData<Vm[]>(vmKeys.list(userId), (old) =>
        action === 'terminate' ? old?.filter((v) => v.id !== vm.id) : old?.map((v) => (v.id === vm.id ? vm : v)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: vmKeys.list(userId) }),
  });
}
