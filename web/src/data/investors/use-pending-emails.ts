import { useQuery } from '@tanstack/react-query';
import { INVESTORS } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { investorKeys } from './keys.ts';

/** GET …/pending-emails: drafts waiting for Approve & Send or Reject; `enabled` false leaves it idle. */
export function usePendingEmails(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: investorKeys.pendingEmails(userId),
    queryFn: async () => (await api.pendingEmails(userId)).pendingEmails,
    refetchInterval: INVESTORS.refreshMs,
    enabled,
  });
}
