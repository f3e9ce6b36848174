import { useQuery } from '@tanstack/react-query';
import { VMS } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { vmKeys } from './keys.ts';

/** GET /api/vms/list: the founder's machines, refreshed every VMS.pollMs while the screen is open (spec 2 §7). */
export function useVms(userId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: vmKeys.list(userId),
    queryFn: async () => (await api.vms()).vms,
    refetchInterval: VMS.pollMs,
    enabled,
  });
}
