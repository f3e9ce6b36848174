import { browser } from 'wxt/browser';

/** The tab the founder is looking at (the one the command or the popup's button was used on). */
export async function activeTabId(): Promise<number | undefined> {
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  return tab?.id;
}
