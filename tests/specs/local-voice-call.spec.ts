import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/microphone.ts';
import { OFFLINE_DRAFT_LABEL, VOICE_TEXT } from '@cofounder/shared';
import { localVoiceBaseURL } from '../playwright.config.ts';
import { chatLog } from '../pages/chat.ts';
import { speechWav } from '../support/local-voice-audio.ts';
import { signInLocalVoiceFounder } from '../support/local-voice-session.ts';

// A hands-free call on the product with no speech key: the page streams its microphone to the server over the
// local call socket, pocketsphinx hears the turn, the offline co-founder answers as the chat does (planning tasks
// when asked), flite speaks the answer and the page plays it. The microphone is Chromium's fake device playing a
// request flite speaks now (no audio is committed), once (`%noloop`), then silence, which ends the turn.
// flite's "task" reads as "test" to pocketsphinx; "make a plan" asks for tasks the same way and is heard right. The
// call's first words meet a recogniser not yet calibrated to this microphone: "Please" takes that (as people do).
const REQUEST = 'Please make a plan to research our top five competitors';
const speech = speechWav(mkdtempSync(join(tmpdir(), 'local-voice-call-')), REQUEST, { silenceSeconds: 3 });
/** Recognition, the answer and its synthesis, on a busy two-core machine running the rest of the suite. */
const ANSWER_TIMEOUT = 30_000;

test.use({ microphone: { file: `${speech.path}%noloop`, autoplay: true } });

test('local call: a spoken request is heard, answered aloud, and kept in the chat with its tasks', async ({ page }) => {
  test.setTimeout(240_000);
  await signInLocalVoiceFounder(page);
  await page.goto(`${localVoiceBaseURL}/dashboard/call`);
  const screen = page.locator('[data-call-state]');
  // The page says plainly which call this is.
  await expect(page.getByText(VOICE_TEXT.localCall)).toBeVisible();

  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(screen).toHaveAttribute('data-call-state', 'connected');
  await expect(page.getByRole('timer', { name: 'Call duration' })).not.toHaveText('00:00');

  // Both sides in the live transcript: the founder's words as heard, the offline co-founder's answer, labelled.
  const transcript = page.getByRole('region', { name: 'Live transcript' });
  const heard = transcript.getByRole('listitem').filter({ hasText: /^You: / });
  await expect(heard).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
  await expect(heard).toContainText(/research/);
  await expect(heard).toContainText(/competitors/);
  const answer = transcript.getByRole('listitem').filter({ hasText: /^Co-founder: / });
  await expect(answer).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
  await expect(answer.getByText(OFFLINE_DRAFT_LABEL)).toBeVisible();
  // The request asked for a plan: tasks were created by voice, as the chat would.
  await expect(page.getByText('Task created')).toBeVisible();
  // …and the answer was spoken: its audio reached the page and played.
  await expect(screen).toHaveAttribute('data-answers-played', '1', { timeout: ANSWER_TIMEOUT });

  const heardText = (await heard.textContent())!.replace(/^You: /, '');
  await page.getByRole('button', { name: 'Mute' }).click();
  await expect(page.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'End Call' }).click();
  await expect(screen).toHaveAttribute('data-call-state', 'disconnected');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The call is in the chat's history: the founder's words, the answer, and the note of the tasks it created.
  await page.goto(`${localVoiceBaseURL}/dashboard/chat`);
  await expect(chatLog(page).getByText(heardText)).toBeVisible();
  await expect(chatLog(page).getByText(/I've created \d+ new tasks? for you/)).toBeVisible();
});
