import { browser } from 'wxt/browser';
import { storedUserIn } from '../../lib/auth-storage.ts';
import { glanceIn, type Glance } from '../../lib/glance.ts';
import { serverUrlIn } from '../../lib/server-url.ts';

/** What the popup can show before it has talked to the server: the stored user and their cached numbers. */
export interface PopupStart {
  serverUrl: string;
  user: { id: string; email: string } | null;
  glance: Glance | null;
}

/** Everything in extension storage, in one read: the popup's first paint waits for it. */
export async function readPopupItems(): Promise<Record<string, unknown>> {
  return browser.storage.local.get(null);
}

/** The server, the stored user and their cached numbers among the items read at start-up. */
export function popupStartIn(items: Record<string, unknown>): PopupStart {
  const serverUrl = serverUrlIn(items);
  const user = storedUserIn(items);
  return { serverUrl, user, glance: user ? glanceIn(items, serverUrl, user.id) : null };
}
