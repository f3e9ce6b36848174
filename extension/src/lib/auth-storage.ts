import { browser } from 'wxt/browser';
import type { SupportedStorage } from '@supabase/auth-js';

/** supabase-js keeps the session under this key (plus suffixed helper keys). */
export const AUTH_STORAGE_KEY = 'cofounder-auth';

/**
 * Session storage for supabase-js over `browser.storage.local`: unlike `localStorage` it is shared by the
 * popup, the side panel and the background service worker (which has no `localStorage` at all).
 */
export const extensionAuthStorage: SupportedStorage = {
  async getItem(key) {
    const value = (await browser.storage.local.get(key))[key];
    return typeof value === 'string' ? value : null;
  },
  async setItem(key, value) {
    await browser.storage.local.set({ [key]: value });
  },
  async removeItem(key) {
    await browser.storage.local.remove(key);
  },
};

/** Forgets the stored session: a session belongs to one server, so switching servers starts signed out. */
export async function clearStoredSession(): Promise<void> {
  const keys = Object.keys(await browser.storage.local.get(null)).filter((k) => k.startsWith(AUTH_STORAGE_KEY));
  await browser.storage.local.remove(keys);
}

/** Who the stored session belongs to, read without supabase-js so the popup can paint cached numbers at once. */
export async function readStoredUser(): Promise<{ id: string; email: string } | null> {
  return storedUserIn(await browser.storage.local.get(AUTH_STORAGE_KEY));
}

/** Who the stored session belongs to, among items read from extension storage. */
export function storedUserIn(items: Record<string, unknown>): { id: string; email: string } | null {
  const raw = items[AUTH_STORAGE_KEY];
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const user = (JSON.parse(raw) as { user?: { id?: unknown; email?: unknown } }).user;
    return typeof user?.id === 'string'
      ? { id: user.id, email: typeof user.email === 'string' ? user.email : '' }
      : null;
  } catch {
    return null;
  }
}
