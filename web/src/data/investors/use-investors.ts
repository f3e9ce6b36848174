import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INVESTORS } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { investorKeys, type InvestorListParams } from './keys.ts';

/**
 * GET …/investors?status=&page=&limit=50&search=: one page of the founder's investors, refreshed every
 * INVESTORS.refreshMs; the previous page stays on screen while the next filter or page loads.
 */
export function useInvestors(userId: string, params: InvestorListParams) {
  const api = useApi();
  return useQuery({
    queryKey: investorKeys.list(userId, params),
    queryFn: () =>
      api.investors(userId, {
        status: params.status,
        page: params.page,
        limit: INVESTORS.pageSize,
        ...(params.search ? { search: params.search } : {}),
      }),
    placeholderData: keepPreviousData,
    refetchInterval: INVESTORS.refreshMs,
  });
}
