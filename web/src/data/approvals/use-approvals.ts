import { useQuery } from '@tanstack/react-query';
import type { Approval } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { APPROVALS_POLL_MS, approvalKeys } from './keys.ts';

type Status = 'pending' | 'approved' | 'rejected';

/**
 * While an approved post is queued the list refetches this often, so its card moves to Published (or Failed)
 * without a reload; a queue job usually finishes within seconds. Nothing in shared TIMINGS fits.
 */
export const PUBLISH_POLL_MS = 3000;

const hasQueued = (approvals: Approval[] | undefined) =>
  approvals?.some((a) => a.publish?.status === 'queued') ?? false;

/** The sensitive computer actions waiting for a yes: the same pending query (and poll) as the post list. */
export function usePendingComputerActions() {
  const api = useApi();
  return useQuery({
    queryKey: approvalKeys.list('pending'),
    queryFn: () => api.approvals('pending'),
    select: (response) => response.computerActions,
    refetchInterval: APPROVALS_POLL_MS,
  });
}

/** GET /api/approvals?status=…; the pending list polls (it feeds the sidebar badge), the approved one while queued. */
export function useApprovals(status: Status = 'pending') {
  const api = useApi();
  return useQuery({
    queryKey: approvalKeys.list(status),
    queryFn: () => api.approvals(status),
    select: (response) => response.approvals,
    refetchInterval: (query) => {
      if (status === 'pending') return APPROVALS_POLL_MS;
      return hasQueued(query.state.data?.approvals) ? PUBLISH_POLL_MS : false;
    },
  });
}
