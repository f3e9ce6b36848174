import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { APPROVALS_POLL_MS, approvalKeys } from './keys.ts';

type Status = 'pending' | 'approved' | 'rejected';

/** GET /api/approvals?status=…; the pending list polls (it feeds the sidebar badge). */
export function useApprovals(status: Status = 'pending') {
  const api = useApi();
  return useQuery({
    queryKey: approvalKeys.list(status),
    queryFn: async () => (await api.approvals(status)).approvals,
    refetchInterval: status === 'pending' ? APPROVALS_POLL_MS : false,
  });
}
