import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in a server render and while React hydrates it, true from the next render on (and at once in a render
 * that starts in the browser). A server-rendered form stays inert until then: text typed into it before its
 * handlers exist would show but never reach the form's state (issue 26).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
