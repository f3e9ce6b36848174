import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { invalidateBilling } from './invalidate.ts';

/** POST /api/stripe/cancel-subscription: ends at the period end. */
export function useCancelSubscription(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.cancelSubscription(),
    onSuccess: () => invalidateBilling(queryClient, userId),
  });
}
