import { browser } from 'wxt/browser';
import type { PopupStart } from './start.ts';

// Issue 27: the popup paints the founder's cached numbers before React loads. The card it paints is React's own
// markup of CachedCard, saved whenever the popup learns new numbers: one view, painted from its last rendering.
// Nothing here imports React, so the first paint waits only for this file and extension storage.

const STORAGE_KEY = 'popup-first-paint';

interface FirstPaint {
  /** Whose numbers, from which server, saved when, rendered on which day (the usage meter's "Resets …" reads the date). */
  key: string;
  html: string;
}

/** What a saved card must match to be painted: null when there is nothing cached to paint. */
export function firstPaintKey(start: PopupStart, now: Date = new Date()): string | null {
  if (!start.user || !start.glance) return null;
  return JSON.stringify([start.serverUrl, start.user.id, start.user.email, start.glance.savedAt, now.toDateString()]);
}

/** Keeps `html` (CachedCard rendered for `start`) as the next popup's first paint. */
export async function saveFirstPaint(start: PopupStart, html: string): Promise<void> {
  const key = firstPaintKey(start);
  if (key) await browser.storage.local.set({ [STORAGE_KEY]: { key, html } satisfies FirstPaint });
}

/**
 * The saved card's markup when it shows exactly this start's numbers (same server, user and save, rendered today),
 * else null: a card saved for another user, server or older numbers is never painted.
 */
export function paintableCard(
  items: Record<string, unknown>,
  start: PopupStart,
  now: Date = new Date(),
): string | null {
  const key = firstPaintKey(start, now);
  const saved = items[STORAGE_KEY];
  if (!key || typeof saved !== 'object' || saved === null) return null;
  const { key: savedKey, html } = saved as Partial<FirstPaint>;
  return savedKey === key && typeof html === 'string' ? html : null;
}
