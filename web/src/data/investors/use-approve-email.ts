import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApproveEmailBody, PendingEmail } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { investorKeys } from './keys.ts';

/**
 * POST …/approve-email/{emailId}: Approve & Send (approved true, with the edited subject / body) or Reject. The
 * decided draft leaves the pending list at once; then the list, the pending emails and the analytics refetch.
 * They refetch after a failure too: a 409 means someone (another tab) already decided it.
 */
export function useApproveEmail(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ emailId, body }: { emailId: string; body: ApproveEmailBody }) =>
      api.approveEmail(userId, emailId, body),
    onSuccess: (_result, { emailId }) => {
      queryClient.setQueryData<PendingEmail[]>(investorKeys.pendingEmails(userId), (old) =>
        old?.filter((e) => e.id !== emailId),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: investorKeys.all(userId) }),
  });
}
