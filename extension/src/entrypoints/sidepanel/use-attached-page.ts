import { useCallback, useEffect, useState } from 'react';
import type { PageContext } from '@cofounder/shared';
import { browser } from 'wxt/browser';
import { takePendingContext, watchPendingContext } from '../../lib/page-context.ts';
import { readActivePage } from './read-active-page.ts';

/** Why "Use this page" attached nothing, in words the panel shows under the button. */
export const PAGE_NOTICES = {
  restricted: "Cofounder can't read this page: browser pages, the Chrome Web Store and other extensions are off limits.",
  'no-access':
    "Chrome hasn't let Cofounder read this tab yet. Click the Cofounder icon in the toolbar while on the page (or select text and right-click → Ask my co-founder), then try again.",
} as const;

/** An attached page and the tab it was read from (undefined when that tab is not known). */
interface Attached {
  page: PageContext;
  tabId: number | undefined;
}

/**
 * The page attached to the next message: set by "Use this page" or by the context menu's pending selection
 * (picked up when the panel opens and whenever a new one arrives), cleared once sent or removed, and cleared
 * when its tab goes to another page (the chip must never name a page the founder has left).
 */
export function useAttachedPage() {
  const [attached, setAttached] = useState<Attached | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  useEffect(() => {
    let live = true;
    const pickUp = () =>
      void takePendingContext().then(async (pending) => {
        if (!live || !pending) return;
        // The menu was used on the tab in front (and opened this panel beside it).
        const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
        if (!live) return;
        setAttached({ page: pending, tabId: tab?.id });
        setNotice(null);
      });
    pickUp();
    const stop = watchPendingContext(pickUp);
    return () => {
      live = false;
      stop();
    };
  }, []);

  const useThisPage = useCallback(async () => {
    setReading(true);
    setNotice(null);
    const read = await readActivePage();
    setReading(false);
    if (read.kind === 'page') setAttached({ page: read.page, tabId: read.tabId });
    else setNotice(PAGE_NOTICES[read.kind]);
  }, []);

  const tabId = attached?.tabId;
  const url = attached?.page.url;
  useEffect(() => {
    if (tabId === undefined) return;
    const onUpdated = (updatedTab: number, change: { url?: string; status?: string }) => {
      if (updatedTab !== tabId) return;
      // The new address shows only where the extension has access; a load starting is seen on every page.
      if (change.url === undefined ? change.status === 'loading' : change.url !== url) setAttached(null);
    };
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => browser.tabs.onUpdated.removeListener(onUpdated);
  }, [tabId, url]);

  const clear = useCallback(() => setAttached(null), []);
  return { page: attached?.page ?? null, notice, reading, useThisPage, clear };
}
