import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { VOICE_TEXT } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { installFakeMedia, removeFakeMedia } from '@cofounder/shared/test/fake-media';

afterEach(removeFakeMedia);

function server(routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /api/conversation/:userId': () =>
      Response.json({
        messages: [],
        hasCompletedOnboarding: true,
        isFirstWorkingChat: false,
        hasMore: false,
      }),
    'GET /transcription/status': () => Response.json({ available: true }),
    'POST /transcription': () =>
      Response.json({ success: true, text: 'find my first customers', duration: 3 }),
    ...routes,
  });
}

async function openChat(fetch: typeof globalThis.fetch, transcription: boolean) {
  const view = renderApp('/dashboard/chat', {
    auth: createFakeAuth(fakeSession()),
    fetch,
    config: { voice: { transcription, calls: false } },
  });
  await screen.findByText('Refine my business idea');
  return view;
}

const composer = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const posts = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url]) => new URL(String(url)).pathname);

describe('chat voice input', () => {
  it('records, transcribes and appends the transcript to the message box without sending it', async () => {
    const mic = installFakeMedia();
    const fetch = server();
    const { user } = await openChat(fetch, true);
    await user.type(composer(), 'Help me');
    const start = await screen.findByRole('button', { name: 'Start voice input' });
    await waitFor(() => expect(start.getAttribute('aria-disabled')).toBeNull());
    await user.click(start);

    const stop = await screen.findByRole('button', { name: 'Stop recording' });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('timer', { name: 'Recording time' }).textContent).toBe('00:00');
    await user.click(stop);

    await waitFor(() => expect(composer().value).toBe('Help me find my first customers'));
    expect(posts(fetch)).toEqual(['/transcription']);
    expect(mic.stream.tracks[0]?.stopped).toBe(true);
    expect(screen.getByRole('button', { name: 'Start voice input' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('shows the microphone disabled when the server cannot transcribe, and says so on click', async () => {
    installFakeMedia();
    const fetch = server();
    const { user } = await openChat(fetch, false);
    const mic = screen.getByRole('button', { name: 'Start voice input' });
    expect(mic.getAttribute('aria-disabled')).toBe('true');
    expect(mic.getAttribute('title')).toBe(VOICE_TEXT.unavailable);
    await user.click(mic);
    expect(await screen.findByText(VOICE_TEXT.unavailable)).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/transcription'))).toBe(false);
  });

  it('toasts a transcription failure', async () => {
    installFakeMedia();
    const fetch = server({
      'POST /transcription': () =>
        Response.json({ error: 'Unsupported audio format', message: 'Use webm.' }, { status: 400 }),
    });
    const { user } = await openChat(fetch, true);
    const start = screen.getByRole('button', { name: 'Start voice input' });
    await waitFor(() => expect(start.getAttribute('aria-disabled')).toBeNull());
    await user.click(start);
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('Unsupported audio format: Use webm.')).toBeTruthy();
    expect(composer().value).toBe('');
  });
});
