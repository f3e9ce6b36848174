import { STORAGE_KEYS } from '@cofounder/shared';

/** Remembers the page an anonymous visitor tried to open, for after sign-in (spec 1 §2 "Route guards"). */
export function rememberReturnTo(path: string): void {
  sessionStorage.setItem(STORAGE_KEYS.returnTo, path);
}

/** The remembered page; only same-site paths are honoured, never a full URL (no open redirect). */
export function peekReturnTo(): string | null {
  const path = sessionStorage.getItem(STORAGE_KEYS.returnTo);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

export function clearReturnTo(): void {
  sessionStorage.removeItem(STORAGE_KEYS.returnTo);
}
