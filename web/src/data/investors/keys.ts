import type { InvestorsQuery } from '@cofounder/shared';

/** The investors page's filter as the list query sees it (status, page, search). */
export type InvestorListParams = Pick<InvestorsQuery, 'status' | 'page'> & { search: string };

/**
 * Query keys of investor outreach, all under ['investors', userId] so one invalidation refreshes the list, the
 * pending emails and the analytics together (Approve & Send changes all three).
 */
export const investorKeys = {
  all: (userId: string) => ['investors', userId] as const,
  lists: (userId: string) => ['investors', userId, 'list'] as const,
  list: (userId: string, params: InvestorListParams) => ['investors', userId, 'list', params] as const,
  pendingEmails: (userId: string) => ['investors', userId, 'pending-emails'] as const,
  analytics: (userId: string) => ['investors', userId, 'analytics'] as const,
  avatar: (userId: string, url: string) => ['investors', userId, 'avatar', url] as const,
};
