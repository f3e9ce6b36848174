import { useMemo, useSyncExternalStore } from 'react';
import {
  parseStoredUser,
  readStoredSessionJson,
  STORED_SESSION_KEY,
  type StoredUser,
} from '../app/stored-session.ts';

/*
 * The landing page's "signed in?" without the auth client: the session supabase-js stored (stored-session.ts).
 * The prerender and the hydration see no session (the server snapshot), so the markup matches; the stored one
 * applies right after hydration.
 */

const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Signing in or out in another tab changes the header here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || STORED_SESSION_KEY.test(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const readSnapshot = () => readStoredSessionJson(localStorage);
const serverSnapshot = () => null;

/** Re-reads the stored session (after this tab signed out). */
export function storedSessionChanged(): void {
  for (const listener of listeners) listener();
}

/** The stored session's user, or null (signed out); always null while hydrating. */
export function useStoredUser(): StoredUser | null {
  const json = useSyncExternalStore(subscribe, readSnapshot, serverSnapshot);
  return useMemo(() => parseStoredUser(json), [json]);
}
