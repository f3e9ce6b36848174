import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { invalidateBilling } from './invalidate.ts';

/** POST /api/stripe/reactivate-subscription: undoes a scheduled or finished cancellation. */
export function useReactivateSubscription(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.reactivateSubscription(),
    onSuccess: () => invalidateBilling(queryClient, userId),
  });
}
