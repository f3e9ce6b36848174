import { browser } from 'wxt/browser';

/**
 * What the popup shows about quick voice: whether a note is being recorded, and how the last one ended.
 * Session storage: written by the background, read by the popup; it is about now, not about tomorrow.
 * No zod here: the popup's signed-in view reads it and the background is its only writer.
 */
export interface QuickVoiceStatus {
  state: 'idle' | 'recording' | 'transcribing';
  /** The one-minute warning while recording. */
  notice?: string;
  /** `local`: this server's own recogniser made the transcript (the popup labels it). */
  last?: { outcome: 'inserted' | 'copied' | 'failed'; message: string; text?: string; local?: boolean };
}

const KEY = 'quickVoice';
const IDLE: QuickVoiceStatus = { state: 'idle' };

export async function readQuickVoiceStatus(): Promise<QuickVoiceStatus> {
  const stored: unknown = (await browser.storage.session.get(KEY))[KEY];
  return typeof stored === 'object' && stored !== null && 'state' in stored
    ? (stored as QuickVoiceStatus)
    : IDLE;
}

export async function saveQuickVoiceStatus(status: QuickVoiceStatus): Promise<void> {
  await browser.storage.session.set({ [KEY]: status });
}

/** Calls `onChange` with every new status. */
export function watchQuickVoiceStatus(onChange: (status: QuickVoiceStatus) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'session' && KEY in changes) void readQuickVoiceStatus().then(onChange);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
