import { STORAGE_KEYS } from '@cofounder/shared';

/*
 * A page without a router (an island page) navigates by loading the next page, which would lose the navigation
 * state the auth screens pass each other (an address to prefill, a message to show). It hands the state over
 * through sessionStorage instead, for that one address; the next page takes it once, whichever app it is.
 */

export function handOverState(to: string, state: unknown): void {
  if (state === undefined) return;
  try {
    sessionStorage.setItem(STORAGE_KEYS.navState, JSON.stringify({ path: new URL(to, window.location.href).pathname, state }));
  } catch {
    // Storage off or full: the next page opens without the state, as after a typed address.
  }
}

/** The state handed over to `pathname`, once (it is removed whether or not it was for this page). */
export function takeHandedOverState(pathname: string): unknown {
  try {
    const text = sessionStorage.getItem(STORAGE_KEYS.navState);
    sessionStorage.removeItem(STORAGE_KEYS.navState);
    const handed = text ? (JSON.parse(text) as { path?: unknown; state?: unknown }) : null;
    return handed?.path === pathname ? handed.state : undefined;
  } catch {
    return undefined;
  }
}
