import { browser } from 'wxt/browser';
import {
  QUICK_VOICE_FEEDBACK,
  quickVoiceTitle,
  type QuickVoiceOutcome,
} from '../../../shared/src/constants/extension.ts';
import { activeTabId } from './active-tab.ts';
import { BADGE_COLOR } from './badge.ts';

// MV3 (Chrome) names it action; the MV2 Firefox build only has browserAction.
const action = browser.action ?? browser.browserAction;
/** The tabs carrying a quick-voice badge (session storage: the worker may sleep during a long recording). */
const KEY = 'quickVoiceBadgeTabs';

/**
 * Quick voice marks the badge per tab ("REC", "…", then the outcome): a tab's text wins over the global count
 * that badge.ts keeps (so its minute refresh cannot hide "REC"), and clearing it shows that count again untouched.
 */
export async function showVoiceBadge(text: string): Promise<void> {
  const tabId = await markActiveTab();
  if (tabId === undefined) return;
  // A new note starts from the plain colour and tooltip, whatever the last note's outcome left.
  await Promise.all([
    action.setBadgeText({ text, tabId }),
    action.setBadgeBackgroundColor({ color: BADGE_COLOR, tabId }),
    action.setTitle({ title: QUICK_VOICE_FEEDBACK.idleTitle, tabId }),
  ]);
}

/**
 * How the note ended, for a founder who only used the keyboard: a badge of its own per outcome (text and colour)
 * and the outcome with its reason in the button's tooltip, until the cue is cleared.
 */
export async function showVoiceOutcome(outcome: QuickVoiceOutcome, reason: string): Promise<void> {
  const tabId = await markActiveTab();
  if (tabId === undefined) return;
  const cue = QUICK_VOICE_FEEDBACK.outcome[outcome];
  await Promise.all([
    action.setBadgeText({ text: cue.badge, tabId }),
    action.setBadgeBackgroundColor({ color: cue.color, tabId }),
    action.setTitle({ title: quickVoiceTitle(outcome, reason), tabId }),
  ]);
}

/** Back to the global badge (the waiting-task count) and tooltip on every tab quick voice marked. */
export async function clearVoiceBadge(): Promise<void> {
  const tabs = await badgedTabs();
  await browser.storage.session.remove(KEY);
  // Chrome documents null as "back to the global text" for a tab; the typings only know strings.
  const globalText = null as unknown as string;
  // A closed tab has nothing left to clear.
  await Promise.all(
    tabs.map((tabId) =>
      Promise.all([
        action.setBadgeText({ text: globalText, tabId }),
        action.setBadgeBackgroundColor({ color: BADGE_COLOR, tabId }),
        action.setTitle({ title: QUICK_VOICE_FEEDBACK.idleTitle, tabId }),
      ]).catch(() => undefined),
    ),
  );
}

/** The active tab, remembered as carrying a quick-voice badge. */
async function markActiveTab(): Promise<number | undefined> {
  const tabId = await activeTabId();
  if (tabId === undefined) return undefined;
  const tabs = await badgedTabs();
  if (!tabs.includes(tabId)) await browser.storage.session.set({ [KEY]: [...tabs, tabId] });
  return tabId;
}

async function badgedTabs(): Promise<number[]> {
  const stored: unknown = (await browser.storage.session.get(KEY))[KEY];
  return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
}
