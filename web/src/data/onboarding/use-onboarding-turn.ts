import { useMutation } from '@tanstack/react-query';
import type { OnboardingTurnBody } from '@cofounder/shared';
import { useApi } from '../api-context.tsx';

/** POST /api/onboarding/{userId}: one turn of the onboarding conversation (or the skip). */
export function useOnboardingTurn(userId: string) {
  const api = useApi();
  return useMutation({ mutationFn: (body: OnboardingTurnBody) => api.onboardingTurn(userId, body) });
}
