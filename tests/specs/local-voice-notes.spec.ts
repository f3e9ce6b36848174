import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/microphone.ts';
import { VOICE_TEXT } from '@cofounder/shared';
import { localVoiceBaseURL } from '../playwright.config.ts';
import { chatInput, chatLog } from '../pages/chat.ts';
import { connectTo, signIn as signInPopup } from '../pages/extension.ts';
import { fillProfileSteps } from '../pages/onboarding.ts';
import { speechWav } from '../support/local-voice-audio.ts';
import { test as extensionTest } from '../support/local-voice-extension.ts';
import { signInLocalVoiceFounder } from '../support/local-voice-session.ts';
import { createConfirmedUser } from '../support/users.ts';

// Voice notes on the product with no speech key: the browser records webm/opus, converts it to 16 kHz WAV, and
// the server's pocketsphinx transcribes it. The microphone is Chromium's fake device playing a sentence flite
// speaks now (no audio file is committed), then silence: `%noloop` plays the file once per opened microphone
// instead of looping it, so a recording a little longer than the file holds one clean sentence however late the
// stop click lands.
const SENTENCE = 'Create a task to research our top five competitors';
const speech = speechWav(mkdtempSync(join(tmpdir(), 'local-voice-notes-')), SENTENCE);
const FAKE_MICROPHONE_FILE = `${speech.path}%noloop`;
/** The whole file: the sentence and its trailing silence. */
const RECORD_MS = Math.round(speech.totalSeconds * 1000);
/** pocketsphinx with its model load, on a busy two-core machine running the rest of the suite. */
const TRANSCRIBE_TIMEOUT = 30_000;

test.use({ microphone: { file: FAKE_MICROPHONE_FILE } });

const micButton = (page: Page) => page.getByRole('button', { name: 'Start voice input' });
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop recording' });
const localLabel = (page: Page) => page.getByText(VOICE_TEXT.localTranscription);

/** The sentence's words a transcript must hold: recognisers may slip on one or two of the others. */
const KEY_WORDS = [/research/i, /competitors/i];

/** Records one playing of the sentence with the message box's microphone. */
async function recordSentence(page: Page): Promise<void> {
  await expect(micButton(page)).toBeEnabled();
  await expect(micButton(page)).not.toHaveAttribute('aria-disabled', 'true');
  await micButton(page).click();
  await expect(stopButton(page)).toBeVisible();
  await page.waitForTimeout(RECORD_MS);
  await stopButton(page).click();
}

/** Waits for the transcript in `box` and checks it holds the sentence's key words. */
async function expectTranscript(box: ReturnType<Page['getByRole']>): Promise<string> {
  await expect(box).toHaveValue(KEY_WORDS[0]!, { timeout: TRANSCRIBE_TIMEOUT });
  const text = await box.inputValue();
  for (const word of KEY_WORDS) expect(text).toMatch(word);
  // In the report: how close the recogniser came to SENTENCE.
  test.info().annotations.push({ type: 'transcript', description: text });
  return text;
}

test('chat: a local voice note lands in the message box, labelled local, and is not sent', async ({
  page,
}) => {
  await signInLocalVoiceFounder(page);
  await recordSentence(page);
  const text = await expectTranscript(chatInput(page));
  await expect(localLabel(page)).toBeVisible();
  await expect(chatLog(page).getByText(text)).toHaveCount(0);

  // Sending it (the founder checked it) takes the label away.
  await chatInput(page).press('Enter');
  await expect(chatLog(page).getByText(text)).toBeVisible();
  await expect(chatInput(page)).toHaveValue('');
  await expect(localLabel(page)).toHaveCount(0);
});

test("onboarding: the conversation's microphone fills the answer box with a labelled local transcript", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInLocalVoiceFounder(page);
  await page.goto(`${localVoiceBaseURL}/onboarding`);
  await fillProfileSteps(page, {
    name: 'Ada Lovelace',
    role: 'Founder',
    idea: 'Invoices that chase themselves',
    industry: 'Fintech',
    goals: ['Find customers'],
    stage: 'Just an idea',
  });
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(
    page.getByRole('log', { name: 'Conversation' }).locator('[data-kind="intern"]').first(),
  ).toBeVisible();
  await recordSentence(page);
  await expectTranscript(answer);
  await expect(localLabel(page)).toBeVisible();
  await answer.fill('');
  await expect(localLabel(page)).toHaveCount(0);
});

// The extension, pointed at the local-voice server: the quick voice note and the side panel's microphone.
extensionTest.describe('extension', () => {
  extensionTest.use({ fakeAudioFile: FAKE_MICROPHONE_FILE });

  async function signInExtension(popup: Page): Promise<void> {
    const user = await createConfirmedUser(localVoiceBaseURL);
    await connectTo(popup, localVoiceBaseURL);
    await signInPopup(popup, user.email, user.password);
    await expect(popup.getByText('Signed in as')).toBeVisible();
  }

  /** A page of the local server's origin (which the extension may script) holding a textarea, as the active tab. */
  async function openNotePage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.route(`${localVoiceBaseURL}/voice-note-test`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<textarea aria-label="Note"></textarea>' }),
    );
    await page.goto(`${localVoiceBaseURL}/voice-note-test`);
    await page.bringToFront();
    return page;
  }

  extensionTest(
    'quick voice note: a local transcript goes into the focused field',
    async ({ popup, context }) => {
      extensionTest.setTimeout(90_000);
      await signInExtension(popup);
      const page = await openNotePage(context);
      const note = page.getByRole('textbox', { name: 'Note' });
      await note.focus();

      await popup.getByRole('button', { name: 'Quick voice note' }).click();
      const stop = popup.getByRole('button', { name: 'Stop voice note' });
      await expect(stop).toBeVisible();
      await popup.waitForTimeout(RECORD_MS);
      await stop.click();

      await expectTranscript(note);
      const last = popup.getByRole('status', { name: 'Last voice note' });
      await expect(last).toContainText('Inserted into the page.', { timeout: TRANSCRIBE_TIMEOUT });
      await expect(last).toContainText(VOICE_TEXT.localTranscription);
    },
  );

  extensionTest(
    "side panel: the message box's microphone fills it with a labelled local transcript",
    async ({ popup, context, extensionId }) => {
      extensionTest.setTimeout(90_000);
      await signInExtension(popup);
      const panel = await context.newPage();
      await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
      await recordSentence(panel);
      const text = await expectTranscript(chatInput(panel));
      await expect(localLabel(panel)).toBeVisible();
      await expect(chatLog(panel).getByText(text)).toHaveCount(0);
    },
  );
});
