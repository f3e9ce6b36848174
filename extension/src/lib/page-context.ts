import { browser } from 'wxt/browser';
import { PageContext } from '@cofounder/shared';

/** What a page or the context menu hands over, before it is made to fit the chat's contract. */
export interface RawPage {
  title?: string;
  url?: string;
  selection?: string;
}

const LIMITS = { title: 300, selection: 5000 } as const;

/**
 * The page as the chat sends it: title and selection clipped to the contract's limits, an empty selection
 * dropped; null when what is left is not a valid page (no URL, or not a URL at all).
 */
export function toPageContext(raw: RawPage): PageContext | null {
  const selection = raw.selection?.trim().slice(0, LIMITS.selection);
  const parsed = PageContext.safeParse({
    title: (raw.title ?? '').trim().slice(0, LIMITS.title),
    url: raw.url,
    ...(selection ? { selection } : {}),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The "Ask my co-founder" selection waiting for the side panel. Session storage: it is meant for the panel
 * that is opening now, not for one opened tomorrow.
 */
const PENDING_KEY = 'pendingPageContext';

export async function savePendingContext(page: PageContext): Promise<void> {
  await browser.storage.session.set({ [PENDING_KEY]: page });
}

/** The waiting context (validated: storage is shared by every extension context), removed as it is read. */
export async function takePendingContext(): Promise<PageContext | null> {
  const stored: unknown = (await browser.storage.session.get(PENDING_KEY))[PENDING_KEY];
  if (stored === undefined) return null;
  await browser.storage.session.remove(PENDING_KEY);
  const parsed = PageContext.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Calls `onPending` whenever a new context is stored (the panel may already be open when the menu is used). */
export function watchPendingContext(onPending: () => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'session' && changes[PENDING_KEY]?.newValue !== undefined) onPending();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
