import { browser } from 'wxt/browser';
import {
  FromOffscreen,
  QuickVoiceToggle,
  type QuickVoiceCredentials,
  type QuickVoiceDone,
} from '../lib/quick-voice-messages.ts';
import { saveQuickVoiceStatus, type QuickVoiceStatus } from '../lib/quick-voice-status.ts';
import { QUICK_VOICE_FEEDBACK } from '../../../shared/src/constants/extension.ts';
import { copyInActiveTab, insertAtFocus } from './insert-text.ts';
import {
  closeOffscreenDocument,
  hasOffscreenDocument,
  offscreenSupported,
  openOffscreenDocument,
  sendToOffscreen,
} from './offscreen-document.ts';
import { clearVoiceBadge, showVoiceBadge, showVoiceOutcome } from './voice-badge.ts';
import { loadServerUrl } from '../lib/server-url.ts';
import { workerSession } from './worker-session.ts';

const COMMAND = 'quick-voice';
const { badge: STATE_BADGE, message: MESSAGE } = QUICK_VOICE_FEEDBACK;

/**
 * Quick voice-to-text: the keyboard command and the popup's button start a note in the offscreen recorder page
 * (the shared recorder: limits, warning, texts) and stop it; the transcript goes where the caret is (the side
 * panel's box or a field of the active tab, in any of its frames), or to the clipboard when no field has it. The
 * badge, its tooltip and the popup say which.
 */
export function startQuickVoice(): void {
  if (!offscreenSupported()) return;
  browser.commands.onCommand.addListener((command) => {
    if (command === COMMAND) void toggleQuickVoice();
  });
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id) return;
    if (QuickVoiceToggle.safeParse(message).success) {
      void toggleQuickVoice();
      return;
    }
    const parsed = FromOffscreen.safeParse(message);
    // Only the recorder page reports on a note.
    if (!parsed.success || sender.url !== browser.runtime.getURL('/offscreen.html')) return;
    const data = parsed.data;
    if (data.type === 'quick-voice:credentials') {
      credentials().then(sendResponse, () => sendResponse(null));
      return true; // answered asynchronously
    }
    if (data.type === 'quick-voice:state') void onState(data.state);
    else if (data.type === 'quick-voice:warning') void onWarning(data.message);
    else void finish(data);
  });
  browser.tabs.onActivated.addListener(() => void followActiveTab());
}

/** The configured server and the stored session's current bearer, for the recorder page's upload. */
async function credentials(): Promise<QuickVoiceCredentials> {
  const serverUrl = await loadServerUrl();
  const session = await workerSession(serverUrl);
  return session && { serverUrl, token: session.accessToken };
}

/** First press starts a note, the next one stops it (and a press while transcribing waits for the answer). */
export async function toggleQuickVoice(): Promise<void> {
  try {
    if (await hasOffscreenDocument()) {
      await sendToOffscreen({ type: 'quick-voice:stop', target: 'offscreen' });
      return;
    }
    await openOffscreenDocument();
  } catch (err) {
    console.warn('Quick voice could not start', err);
    await finish({
      type: 'quick-voice:done',
      error: { code: 'startFailed', message: MESSAGE.startFailed },
    });
  }
}

let current: QuickVoiceStatus['state'] = 'idle';

/** The pending clear of the last note's cue: a new note must not lose its "REC" to it. */
let cueTimer: ReturnType<typeof setTimeout> | undefined;

async function onState(state: 'recording' | 'transcribing'): Promise<void> {
  clearTimeout(cueTimer);
  current = state;
  await saveQuickVoiceStatus({ state });
  await showVoiceBadge(STATE_BADGE[state]);
}

async function onWarning(message: string): Promise<void> {
  await saveQuickVoiceStatus({ state: 'recording', notice: message });
  await showVoiceBadge(STATE_BADGE.warning);
}

/** A tab switched to while recording shows "REC" too. */
async function followActiveTab(): Promise<void> {
  if (current !== 'idle') await showVoiceBadge(STATE_BADGE[current]);
}

/** Places the transcript (or reports the failure), shows the cue, and closes the recorder page. */
async function finish(done: QuickVoiceDone): Promise<void> {
  current = 'idle';
  const last = done.text
    ? { ...(await deliver(done.text)), ...(done.local ? { local: true } : {}) }
    : { outcome: 'failed' as const, message: done.error?.message ?? '' };
  if (done.error?.code === 'micDenied') {
    // Chrome lets the recorder page use the microphone only once an extension page was granted it.
    await browser.tabs.create({ url: browser.runtime.getURL('/voice-permission.html') });
  }
  await saveQuickVoiceStatus({ state: 'idle', last });
  await showVoiceOutcome(last.outcome, last.message);
  await closeOffscreenDocument().catch(() => undefined);
  cueTimer = setTimeout(() => void clearVoiceBadge(), QUICK_VOICE_FEEDBACK.outcome[last.outcome].cueMs);
}

async function deliver(text: string): Promise<NonNullable<QuickVoiceStatus['last']>> {
  const placed = await insertAtFocus(text);
  if (placed) return { outcome: 'inserted', message: placed === 'panel' ? MESSAGE.insertedInPanel : MESSAGE.inserted, text };
  // The extension's own copy first (offscreen, no page involved), then the page's clipboard API.
  const copied =
    (await sendToOffscreen<boolean>({ type: 'quick-voice:copy', target: 'offscreen', text }).catch(
      () => false,
    )) || (await copyInActiveTab(text));
  return copied
    ? { outcome: 'copied', message: MESSAGE.copied, text }
    : { outcome: 'failed', message: MESSAGE.copyRefused, text };
}
