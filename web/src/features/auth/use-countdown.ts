import { useCallback, useEffect, useState } from 'react';

/**
 * A whole-second countdown (the resend cooldown): `start(n)` counts n → 0, one step per second; `initialSeconds`
 * starts it already running (an email that just went out).
 */
export function useCountdown(initialSeconds = 0) {
  const [secondsLeft, setSecondsLeft] = useState(initialSeconds);
  const running = secondsLeft > 0;

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(id);
  }, [running]);

  const start = useCallback((seconds: number) => setSecondsLeft(seconds), []);
  return { secondsLeft, start };
}
