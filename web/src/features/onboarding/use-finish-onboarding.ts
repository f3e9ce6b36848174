import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ONBOARDING } from '@cofounder/shared';
import { useCompleteOnboarding } from '../../data/onboarding/use-complete-onboarding.ts';
import { markOnboardingCompleteLocally } from './onboarding-storage.ts';

/** How the wizard ended: the AI said ready, the founder skipped, or pressed "Start Building". */
export type FinishReason = 'ready' | 'skip' | 'start';

const DELAY: Record<FinishReason, number> = {
  ready: ONBOARDING.readyRedirectMs,
  skip: ONBOARDING.skipRedirectMs,
  start: ONBOARDING.startBuildingRedirectMs,
};

/**
 * Marks onboarding complete (the local flag at once, the server best effort: the flag alone lets the founder
 * in) and goes to /dashboard after the reason's delay of spec 1 §4, or at once.
 */
export function useFinishOnboarding(userId: string) {
  const navigate = useNavigate();
  const { mutate: completeOnServer } = useCompleteOnboarding(userId);
  const [reason, setReason] = useState<FinishReason | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = useCallback(
    (why: FinishReason, { immediately = false } = {}) => {
      markOnboardingCompleteLocally(userId);
      completeOnServer();
      setReason(why);
      clearTimeout(timer.current);
      if (immediately) void navigate('/dashboard', { replace: true });
      else timer.current = setTimeout(() => void navigate('/dashboard', { replace: true }), DELAY[why]);
    },
    [completeOnServer, navigate, userId],
  );

  /** Stays in the wizard (the founder moved on to the ready summary before the redirect). */
  const stay = useCallback(() => {
    clearTimeout(timer.current);
    setReason(null);
  }, []);

  return { reason, finish, stay };
}
