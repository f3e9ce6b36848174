import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS, VOICE_TEXT, type OnboardingDraft } from '@cofounder/shared';
import { createFakeAuth, fakeSession, fakeUser } from '../../test/fake-auth.ts';
import { createFakeServer } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { installFakeMedia, removeFakeMedia } from '@cofounder/shared/test/fake-media';

afterEach(removeFakeMedia);

const FULL: OnboardingDraft = {
  name: 'Ada',
  role: 'founder',
  idea: 'Invoices that chase themselves',
  industry: 'fintech',
  goals: ['customers'],
  stage: 'Have an MVP',
};

/** Opens the wizard at its conversation step, with a server that transcribes to `transcript` (with `engine`). */
async function openConversation(transcript: string, engine: 'openai' | 'local' = 'openai') {
  localStorage.setItem(STORAGE_KEYS.userProfile(fakeUser().id), JSON.stringify(FULL));
  const fetch = createFakeServer({
    'GET /onboarding/:userId/status': () =>
      Response.json({ isComplete: false, readyToWork: false, hasStarted: false }),
    'POST /api/onboarding/:userId': () =>
      Response.json({
        aiResponse: { message: 'What problem are you solving?', ready_to_work: false, tasks_generated: 0 },
      }),
    'GET /transcription/status': () =>
      Response.json({ available: true, engine, provider: null, reason: null }),
    'POST /transcription': () => Response.json({ success: true, text: transcript, duration: 2 }),
  });
  const view = renderApp('/onboarding', {
    auth: createFakeAuth(fakeSession()),
    fetch,
    config: { voice: { transcription: true, calls: false, engine, reason: null } },
  });
  await screen.findByText('What problem are you solving?');
  const mic = screen.getByRole('button', { name: 'Start voice input' });
  await waitFor(() => expect(mic.getAttribute('aria-disabled')).toBeNull());
  return { ...view, mic };
}

const answer = () => screen.getByRole('textbox', { name: 'Your answer' }) as HTMLTextAreaElement;
const send = () => screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;

describe('onboarding voice input', () => {
  it('blocks sending while recording, then puts the transcript in the answer box', async () => {
    installFakeMedia();
    const { user, mic } = await openConversation('late payments');
    await user.type(answer(), 'Freelancers suffer from');
    expect(send().disabled).toBe(false);

    await user.click(mic);
    const stop = await screen.findByRole('button', { name: 'Stop recording' });
    expect(send().disabled).toBe(true);
    await user.type(answer(), '{Enter}');
    expect(answer().value).toBe('Freelancers suffer from');

    await user.click(stop);
    await waitFor(() => expect(answer().value).toBe('Freelancers suffer from late payments'));
    expect(send().disabled).toBe(false);
  });

  it('labels a local transcript until the answer is sent', async () => {
    installFakeMedia();
    const { user, mic } = await openConversation('late payments', 'local');
    await user.click(mic);
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    await waitFor(() => expect(answer().value).toBe('late payments'));
    expect(screen.getByText(VOICE_TEXT.localTranscription)).toBeTruthy();
    await user.click(send());
    await waitFor(() => expect(answer().value).toBe(''));
    expect(screen.queryByText(VOICE_TEXT.localTranscription)).toBeNull();
  });

  it('says when no speech was heard', async () => {
    installFakeMedia();
    const { user, mic } = await openConversation('');
    await user.click(mic);
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VOICE_TEXT.noSpeech);
  });
});
