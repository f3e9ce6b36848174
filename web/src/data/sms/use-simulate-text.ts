import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimulateTextBody } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { smsKeys } from './keys.ts';

/**
 * POST /api/sms/simulate/{userId} (local mode): a text from the founder's phone through the inbound handler. It
 * may verify the number or add to the thread, so status and thread refetch afterwards (after a failure too).
 */
export function useSimulateText(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulateTextBody) => api.simulateSms(userId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: smsKeys.all(userId) }),
  });
}
