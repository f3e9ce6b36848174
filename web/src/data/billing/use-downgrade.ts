import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DowngradeBody } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { invalidateBilling } from './invalidate.ts';

/** POST /api/stripe/downgrade-subscription (the pricing page's downgrade modal). */
export function useDowngrade(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DowngradeBody) => api.downgradeSubscription(body),
    onSuccess: () => invalidateBilling(queryClient, userId),
  });
}
