import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateInvestorBody } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { investorKeys } from './keys.ts';

/** PATCH …/investors/{investorId}: Mark Responded / Mark Meeting Scheduled; the lists and analytics refetch. */
export function useUpdateInvestor(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ investorId, body }: { investorId: string; body: UpdateInvestorBody }) =>
      (await api.updateInvestor(userId, investorId, body)).investor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: investorKeys.all(userId) }),
  });
}
