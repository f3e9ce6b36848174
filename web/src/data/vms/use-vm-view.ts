import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { vmKeys } from './keys.ts';

/**
 * GET /api/vms/{id}/vnc while Live View is open (`vmId` null: idle). Its view token is short-lived, so every
 * opening asks afresh and nothing is kept after the dialog closes.
 */
export function useVmView(userId: string, vmId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: vmKeys.view(userId, vmId ?? ''),
    queryFn: async () => (await api.vmVnc(vmId!)).vnc,
    enabled: vmId !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
