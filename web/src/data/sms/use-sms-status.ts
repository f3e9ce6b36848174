import { useQuery } from '@tanstack/react-query';
import { SMS } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { smsKeys } from './keys.ts';

/**
 * GET /api/sms/status/{userId}: polled every SMS.pollMs while the number is not verified (verification happens
 * when the founder texts the code, so only polling can see it), and no more once it is.
 */
export function useSmsStatus(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: smsKeys.status(userId),
    queryFn: () => api.smsStatus(userId),
    refetchInterval: (query) => (query.state.data?.isVerified ? false : SMS.pollMs),
  });
}
