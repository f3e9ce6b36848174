import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VMS, type Vm } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { vmKeys } from './keys.ts';

/**
 * POST /api/vms/launch. The new machine joins the cached list at once (its card shows while the launch modal
 * waits for the view), and the list refetches VMS.refreshAfterLaunchMs later as spec 2 §7 says.
 */
export function useLaunchVm(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.launchVm(),
    onSuccess: ({ vm }) => {
      queryClient.setQueryData<Vm[]>(vmKeys.list(userId), (old) =>
        old ? [vm, ...old.filter((v) => v.id !== vm.id)] : [vm],
      );
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: vmKeys.list(userId) }),
        VMS.refreshAfterLaunchMs,
      );
    },
  });
}
