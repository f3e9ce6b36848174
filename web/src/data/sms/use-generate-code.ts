import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsStatusResponse } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';
import { smsKeys } from './keys.ts';

/**
 * POST /api/sms/generate-code/{userId}: the new code replaces the active one. It is written into the cached status
 * at once (the screen shows it without waiting for the next poll), then the status refetches.
 */
export function useGenerateCode(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.generateSmsCode(userId),
    onSuccess: ({ code, expiresAt }) => {
      queryClient.setQueryData<SmsStatusResponse>(smsKeys.status(userId), (old) =>
        old ? { ...old, hasCode: true, code, codeExpiresAt: expiresAt } : old,
      );
      void queryClient.invalidateQueries({ queryKey: smsKeys.status(userId) });
    },
  });
}
