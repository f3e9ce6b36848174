import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { approvalKeys } from './keys.ts';

/** POST /api/approvals/{id}/publish: queues a failed approved post again, then the lists refetch. */
export function useRetryPublish() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.retryPublish(id)).approval,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all() }),
  });
}
