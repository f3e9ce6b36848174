import { browser } from 'wxt/browser';
// The constants module itself, not the package index: the index would put every zod schema on the popup's first
// paint (shared declares no sideEffects: false, so the bundler keeps their top-level z.object() calls).
import { DEFAULT_PORT } from '../../../shared/src/constants.ts';

/** Where the popup looks for the Cofounder server until the user saves another one. */
export const DEFAULT_SERVER_URL = `http://localhost:${DEFAULT_PORT}`;

const STORAGE_KEY = 'serverUrl';

/** The saved server origin, or the default. */
export async function loadServerUrl(): Promise<string> {
  return serverUrlIn(await browser.storage.local.get(STORAGE_KEY));
}

/** The saved server origin among items read from extension storage, or the default. */
export function serverUrlIn(items: Record<string, unknown>): string {
  const stored = items[STORAGE_KEY];
  return typeof stored === 'string' ? stored : DEFAULT_SERVER_URL;
}

/** Stores the server origin every extension page reads. */
export async function saveServerUrl(origin: string): Promise<void> {
  await browser.storage.local.set({ [STORAGE_KEY]: origin });
}

/** The http(s) origin of what the user typed, or null when it is not a usable server address. */
export function parseServerUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** True for the hosts the manifest grants up front (every port of localhost and 127.0.0.1). */
function isLocal(origin: string): boolean {
  const { protocol, hostname } = new URL(origin);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1');
}

/**
 * Asks for access to a non-local server. Must be called synchronously from the click handler:
 * browsers only show the permission prompt for a user gesture, and Firefox drops it after any await.
 */
export function requestServerAccess(origin: string): Promise<boolean> {
  if (isLocal(origin)) return Promise.resolve(true);
  return browser.permissions.request({ origins: [`${origin}/*`] });
}
