import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { conversationKeys } from '../conversation/keys.ts';
import { onboardingKeys } from './keys.ts';

/**
 * POST /onboarding/{userId}/complete, then refreshes the status (the dashboard banner reads it) and the chat
 * history, which now opens with the co-founder's welcome message.
 */
export function useCompleteOnboarding(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.completeOnboarding(userId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.status(userId) }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.thread(userId) }),
      ]),
  });
}
