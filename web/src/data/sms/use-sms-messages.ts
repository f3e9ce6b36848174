import { useQuery } from '@tanstack/react-query';
import { SMS } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { smsKeys } from './keys.ts';

/** GET /api/sms/messages/{userId}: the recent thread (oldest first), refreshed every SMS.pollMs while shown. */
export function useSmsMessages(userId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: smsKeys.messages(userId),
    queryFn: async () => (await api.smsMessages(userId)).messages.slice(-SMS.threadSize),
    refetchInterval: SMS.pollMs,
    enabled,
  });
}
