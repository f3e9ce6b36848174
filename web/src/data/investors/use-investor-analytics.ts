import { useQuery } from '@tanstack/react-query';
import { INVESTORS } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { investorKeys } from './keys.ts';

/** GET …/analytics: counts by status, emails and the response rate, refreshed with the rest of the page. */
export function useInvestorAnalytics(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: investorKeys.analytics(userId),
    queryFn: async () => (await api.investorAnalytics(userId)).analytics,
    refetchInterval: INVESTORS.refreshMs,
  });
}
