import { browser } from 'wxt/browser';
import type { ToOffscreen } from '../lib/quick-voice-messages.ts';

const PATH = '/offscreen.html';

/** Chrome MV3 only: Firefox's MV2 build has no offscreen documents. */
export const offscreenSupported = (): boolean => Boolean(browser.offscreen);

/** Whether the recorder page is open (a note is under way): the worker may have slept since it opened it. */
export async function hasOffscreenDocument(): Promise<boolean> {
  const contexts = await browser.runtime.getContexts({
    contextTypes: [browser.runtime.ContextType.OFFSCREEN_DOCUMENT],
    documentUrls: [browser.runtime.getURL(PATH)],
  });
  return contexts.length > 0;
}

let creating: Promise<void> | null = null;

/** Opens the recorder page; it starts recording as soon as it loads. */
export async function openOffscreenDocument(): Promise<void> {
  // Two presses in quick succession must not open two documents (Chrome allows one).
  creating ??= browser.offscreen
    .createDocument({
      url: PATH,
      reasons: [browser.offscreen.Reason.USER_MEDIA, browser.offscreen.Reason.CLIPBOARD],
      justification:
        'Records a quick voice note from the microphone and copies its transcript when no field is focused.',
    })
    .finally(() => {
      creating = null;
    });
  await creating;
}

export async function closeOffscreenDocument(): Promise<void> {
  if (await hasOffscreenDocument()) await browser.offscreen.closeDocument();
}

/** A message to the recorder page (the popup and side panel ignore the `target`ed ones). */
export function sendToOffscreen<T = unknown>(message: ToOffscreen): Promise<T> {
  return browser.runtime.sendMessage(message) as Promise<T>;
}
