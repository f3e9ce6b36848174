import { browser } from 'wxt/browser';
import { activeTabId } from './active-tab.ts';

// MV3 (Chrome) names it action; the MV2 Firefox build only has browserAction.
const action = browser.action ?? browser.browserAction;
/** The tabs carrying a quick-voice badge (session storage: the worker may sleep during a long recording). */
const KEY = 'quickVoiceBadgeTabs';

/**
 * Quick voice marks the badge per tab ("REC", "…", "✓", "!"): a tab's text wins over the global count that
 * badge.ts keeps (so its minute refresh cannot hide "REC"), and clearing it shows that count again untouched.
 */
export async function showVoiceBadge(text: string): Promise<void> {
  const tabId = await activeTabId();
  if (tabId === undefined) return;
  const tabs = await badgedTabs();
  if (!tabs.includes(tabId)) await browser.storage.session.set({ [KEY]: [...tabs, tabId] });
  await action.setBadgeText({ text, tabId });
}

/** Back to the global badge (the waiting-task count) on every tab quick voice marked. */
export async function clearVoiceBadge(): Promise<void> {
  const tabs = await badgedTabs();
  await browser.storage.session.remove(KEY);
  // Chrome documents null as "back to the global text" for a tab; the typings only know strings.
  const globalText = null as unknown as string;
  // A closed tab has nothing left to clear.
  await Promise.all(
    tabs.map((tabId) => action.setBadgeText({ text: globalText, tabId }).catch(() => undefined)),
  );
}

async function badgedTabs(): Promise<number[]> {
  const stored: unknown = (await browser.storage.session.get(KEY))[KEY];
  return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
}
