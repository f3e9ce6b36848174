import { browser } from 'wxt/browser';
import type { PageContext } from '@cofounder/shared';
import { toPageContext, type RawPage } from '../../lib/page-context.ts';

export type PageRead =
  /** `tabId`: the tab the page was read from (the chip follows that tab). */
  | { kind: 'page'; page: PageContext; tabId: number }
  /** Browser pages, the Web Store, other extensions: no extension may script them. */
  | { kind: 'restricted' }
  /** Chrome has not granted this tab: activeTab comes from the toolbar icon or the context menu, not the panel. */
  | { kind: 'no-access' };

// Chrome's errors for pages that are off limits to every extension, whatever it was granted.
const RESTRICTED = /chrome:|chrome-extension:|edge:|about:|devtools:|view-source:|extensions gallery|cannot be scripted|webstore/i;

/**
 * Reads the active tab's title, URL and selected text, only when the founder asks ("Use this page"). Access
 * comes from activeTab (granted when the founder opened Cofounder from its toolbar icon or the context menu on
 * this tab) or from a host permission the extension already holds (local servers); the side panel's own
 * click grants nothing, so a tab without either answers 'no-access' and the panel says what to do.
 */
export async function readActivePage(): Promise<PageRead> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return { kind: 'no-access' };
  try {
    const [frame] = await browser.scripting.executeScript({
      target: { tabId: tab.id },
      func: (): RawPage => ({ title: document.title, url: location.href, selection: getSelection()?.toString() }),
    });
    const page = toPageContext((frame?.result ?? {}) as RawPage);
    // A page without a usable http(s) address (a data: or blob: document) cannot be attached either.
    return page && /^https?:/.test(page.url) ? { kind: 'page', page, tabId: tab.id } : { kind: 'restricted' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return RESTRICTED.test(message) || RESTRICTED.test(tab.url ?? '') ? { kind: 'restricted' } : { kind: 'no-access' };
  }
}
