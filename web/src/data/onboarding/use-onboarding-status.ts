import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api-context.tsx';
import { onboardingKeys } from './keys.ts';

/** GET /onboarding/{userId}/status; a failure is left to the caller (spec 1 §4: treat as not complete). */
export function useOnboardingStatus(userId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: onboardingKeys.status(userId ?? ''),
    queryFn: () => api.onboardingStatus(userId ?? ''),
    enabled: Boolean(userId),
    retry: false,
  });
}
