import { browser } from 'wxt/browser';
import { savePendingContext, toPageContext } from '../lib/page-context.ts';

const MENU_ID = 'ask-cofounder';

/** The "Ask my co-founder" context-menu item on a selection: opens the side panel with it. */
export function startContextMenu(): void {
  // Menu items outlive the worker; they are (re)created when the extension is installed or updated.
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({ id: MENU_ID, title: 'Ask my co-founder', contexts: ['selection'] });
  });

  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId !== MENU_ID || tab?.id === undefined) return;
    const page = toPageContext({ title: tab.title, url: tab.url ?? info.pageUrl, selection: info.selectionText });
    const saved = page ? savePendingContext(page) : Promise.resolve();
    // open() needs this click's user gesture, so it is called before anything is awaited; the panel also
    // watches storage, so it picks the selection up whichever finishes first.
    const opened = browser.sidePanel?.open({ tabId: tab.id });
    Promise.all([saved, opened]).catch((err: unknown) => console.warn('Ask my co-founder failed', err));
  });
}
