import { useOnboardingStatus } from '../../data/onboarding/use-onboarding-status.ts';
import { isOnboardingCompleteLocally } from './onboarding-storage.ts';

/**
 * Whether the founder finished onboarding: undefined while the status loads. Spec 1 §4: when the status call
 * fails, it counts as not complete, unless the local flag says otherwise.
 */
export function useOnboardingComplete(userId: string): boolean | undefined {
  const local = isOnboardingCompleteLocally(userId);
  const status = useOnboardingStatus(local ? undefined : userId);
  if (local) return true;
  if (status.isPending) return undefined;
  return status.data?.isComplete ?? false;
}
