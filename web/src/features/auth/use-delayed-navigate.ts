import { useCallback, useEffect, useRef } from 'react';
import { useAppNavigate, type NavigateOptions } from '../layout/navigation.tsx';

/**
 * navigate() after a delay (the spec's "message, then redirect" timings); the timer dies with the page so a
 * user who leaves early is not pulled back.
 */
export function useDelayedNavigate() {
  const navigate = useAppNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number, options?: NavigateOptions) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(to, options), delayMs);
    },
    [navigate],
  );
}
