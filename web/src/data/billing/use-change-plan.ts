import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePlanBody } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { invalidateBilling } from './invalidate.ts';

/** POST /api/stripe/change-plan (Settings → Change Plan). */
export function useChangePlan(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePlanBody) => api.changePlan(body),
    onSuccess: () => invalidateBilling(queryClient, userId),
  });
}
