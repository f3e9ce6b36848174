import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { billingKeys } from './keys.ts';

/** GET /api/stripe/pricing (no auth); prices change rarely, so one fetch per visit is enough. */
export function usePricing() {
  const api = useApi();
  return useQuery({
    queryKey: billingKeys.pricing(),
    queryFn: () => api.pricing(),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
