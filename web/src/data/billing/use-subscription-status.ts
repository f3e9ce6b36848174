import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { billingKeys } from './keys.ts';

/** GET /api/stripe/subscription-status; `userId` null (signed out) leaves it idle. */
export function useSubscriptionStatus(userId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.status(userId ?? ''),
    queryFn: () => api.subscriptionStatus(),
    enabled: userId !== null,
    retry: false,
  });
}
