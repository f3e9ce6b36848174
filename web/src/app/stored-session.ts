/*
 * What supabase-js left in localStorage, read without supabase-js: lazy-auth.ts uses it to decide whether the
 * client is worth loading, and the prerendered landing page (src/landing) to show the signed-in variant without it.
 */

/**
 * supabase-js keeps the session in localStorage under `sb-<project>-auth-token` (its default storage key, from the
 * auth URL's first host label). Any such key means a session may exist.
 */
export const STORED_SESSION_KEY = /^sb-.+-auth-token$/;

/** The stored session's raw JSON (the first matching key), or null. */
export function readStoredSessionJson(storage: Storage): string | null {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i) ?? '';
    if (STORED_SESSION_KEY.test(key)) return storage.getItem(key);
  }
  return null;
}

export function hasStoredSession(storage: Storage): boolean {
  return readStoredSessionJson(storage) !== null;
}

export interface StoredUser {
  id: string | null;
  email: string | null;
}

/**
 * The user of a stored session's JSON, or null when there is none or it is not a session. The token is not
 * checked: an expired one still means "this visitor has an account here" (the dashboard refreshes or asks again).
 */
export function parseStoredUser(json: string | null): StoredUser | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    const user = (value as { user?: { id?: unknown; email?: unknown } } | null)?.user;
    if (typeof user !== 'object' || user === null) return null;
    return {
      id: typeof user.id === 'string' ? user.id : null,
      email: typeof user.email === 'string' ? user.email : null,
    };
  } catch {
    return null;
  }
}
