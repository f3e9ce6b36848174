import { useCallback, useEffect, useState } from 'react';
import type { PageContext } from '@cofounder/shared';
import { takePendingContext, watchPendingContext } from '../../lib/page-context.ts';
import { readActivePage } from './read-active-page.ts';

/** Why "Use this page" attached nothing, in words the panel shows under the button. */
export const PAGE_NOTICES = {
  restricted: "Cofounder can't read this page: browser pages, the Chrome Web Store and other extensions are off limits.",
  'no-access':
    "Chrome hasn't let Cofounder read this tab yet. Click the Cofounder icon in the toolbar while on the page (or select text and right-click → Ask my co-founder), then try again.",
} as const;

/**
 * The page attached to the next message: set by "Use this page" or by the context menu's pending selection
 * (picked up when the panel opens and whenever a new one arrives), cleared once sent or removed.
 */
export function useAttachedPage() {
  const [page, setPage] = useState<PageContext | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  useEffect(() => {
    let live = true;
    const pickUp = () =>
      void takePendingContext().then((pending) => {
        if (live && pending) {
          setPage(pending);
          setNotice(null);
        }
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
    if (read.kind === 'page') setPage(read.page);
    else setNotice(PAGE_NOTICES[read.kind]);
  }, []);

  const clear = useCallback(() => setPage(null), []);
  return { page, notice, reading, useThisPage, clear };
}
