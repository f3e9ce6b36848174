import { AUTH, STORAGE_KEYS } from '@cofounder/shared';
import type { Session } from '../features/auth/auth-client.ts';

/*
 * What supabase-js left in localStorage, read without supabase-js: lazy-auth.ts uses it to decide whether the
 * client is worth loading, and the prerendered landing page (src/landing) to show the signed-in variant without it.
 */

/** Where supabase-js keeps the session in localStorage (any key of this form means a session may exist). */
export const STORED_SESSION_KEY = STORAGE_KEYS.session;

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

/**
 * The stored session while its access token has at least AUTH.storedTokenMinLeftSeconds left, else null: what the
 * auth client itself would answer without a request (it reads the same storage and refreshes only near expiry).
 */
export function readFreshStoredSession(storage: Storage, nowMs: number): Session | null {
  const json = readStoredSessionJson(storage);
  if (!json || !parseStoredUser(json)) return null;
  const session = JSON.parse(json) as Partial<Session>;
  if (typeof session.access_token !== 'string' || typeof session.expires_at !== 'number') return null;
  return storedTokenMsLeft(session as Session, nowMs) > 0 ? (session as Session) : null;
}

/** How long until a stored session's token is too close to its expiry to use without the auth client. */
export function storedTokenMsLeft(session: Session, nowMs: number): number {
  return (session.expires_at ?? 0) * 1000 - nowMs - AUTH.storedTokenMinLeftSeconds * 1000;
}
