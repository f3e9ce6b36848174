import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { QUICK_VOICE_FEEDBACK } from '../../../shared/src/constants/extension.ts';
import { BADGE_COLOR } from './badge.ts';
import { clearVoiceBadge, showVoiceBadge, showVoiceOutcome } from './voice-badge.ts';

const { outcome, idleTitle } = QUICK_VOICE_FEEDBACK;

/** What the founder sees on the toolbar button over the active tab. */
async function button(tabId: number) {
  return {
    text: await fakeBrowser.action.getBadgeText({ tabId }),
    color: await fakeBrowser.action.getBadgeBackgroundColor({ tabId }),
    title: await fakeBrowser.action.getTitle({ tabId }),
  };
}

const TAB_ID = 7;

/** The tab in front (the fake browser cannot make a tab active in a focused window: answer the query as Chrome would). */
async function activeTab(): Promise<number> {
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: TAB_ID } as Awaited<ReturnType<typeof fakeBrowser.tabs.query>>[number]]);
  return TAB_ID;
}

describe("quick voice's cue on the toolbar button", () => {
  afterEach(() => vi.restoreAllMocks());

  it('looks different for inserted, copied and failed, and the tooltip gives the reason of a failure', async () => {
    const tabId = await activeTab();
    const seen = [];
    await showVoiceOutcome('inserted', 'Inserted into the page.');
    seen.push(await button(tabId));
    await showVoiceOutcome('copied', 'No field was focused: the note was copied to the clipboard.');
    seen.push(await button(tabId));
    await showVoiceOutcome('failed', 'Sign in to Cofounder first.');
    seen.push(await button(tabId));

    expect(seen.map((s) => s.text)).toEqual([outcome.inserted.badge, outcome.copied.badge, outcome.failed.badge]);
    expect(new Set(seen.map((s) => s.text)).size).toBe(3);
    expect(new Set(seen.map((s) => String(s.color))).size).toBe(3);
    expect(seen.map((s) => s.title)).toEqual([
      `${idleTitle}: ${outcome.inserted.title}`,
      `${idleTitle}: ${outcome.copied.title}`,
      `${idleTitle}: ${outcome.failed.title}: Sign in to Cofounder first.`,
    ]);
  });

  it('gives the button back (text, colour, tooltip) once cleared, and a new note starts plain', async () => {
    const tabId = await activeTab();
    // What badge.ts sets for the waiting-task count.
    await fakeBrowser.action.setBadgeBackgroundColor({ color: BADGE_COLOR });
    const plain = { ...(await button(tabId)), color: await fakeBrowser.action.getBadgeBackgroundColor({}) };
    await showVoiceOutcome('failed', 'Voice transcription service is not available');
    await clearVoiceBadge();
    expect(await button(tabId)).toEqual({ ...plain, title: idleTitle });
    await showVoiceOutcome('failed', 'Voice transcription service is not available');
    await showVoiceBadge(QUICK_VOICE_FEEDBACK.badge.recording);
    expect(await button(tabId)).toEqual({ ...plain, text: QUICK_VOICE_FEEDBACK.badge.recording, title: idleTitle });
  });
});
