import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalsResponse, DecideApprovalBody } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { approvalKeys } from './keys.ts';

/** POST /api/approvals/{id}; the decided item leaves the pending list at once, then every list refetches. */
export function useDecideApproval() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideApprovalBody }) => api.decideApproval(id, body),
    onSuccess: async ({ approval }) => {
      queryClient.setQueryData<ApprovalsResponse>(approvalKeys.list('pending'), (old) =>
        old && { ...old, approvals: old.approvals.filter((a) => a.id !== approval.id) },
      );
      await queryClient.invalidateQueries({ queryKey: approvalKeys.all() });
    },
  });
}
