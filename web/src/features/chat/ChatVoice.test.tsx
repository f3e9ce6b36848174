import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { VOICE_TEXT } from '@cofounder/shared';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { controlledStream, createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
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

type ServerVoice = { engine?: 'openai' | 'local' | null; reason?: string | null };

async function openChat(fetch: typeof globalThis.fetch, transcription: boolean, voice: ServerVoice = {}) {
  const view = renderApp('/dashboard/chat', {
    auth: createFakeAuth(fakeSession()),
    fetch,
    config: {
      voice: {
        transcription,
        calls: false,
        engine: voice.engine ?? (transcription ? 'openai' : null),
        reason: voice.reason ?? null,
      },
    },
  });
  await screen.findByText('Refine my business idea');
  return view;
}

/** The audio part of each POST /transcription (happy-dom's FormData drops the file name: the hook's test checks it). */
const uploads = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).endsWith('/transcription') && init?.method === 'POST')
    .map(([, init]) => (init?.body as FormData).get('audio') as File);

async function recordOnce(user: Awaited<ReturnType<typeof openChat>>['user']) {
  const start = await screen.findByRole('button', { name: 'Start voice input' });
  await waitFor(() => expect(start.getAttribute('aria-disabled')).toBeNull());
  await user.click(start);
  await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
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

  it("says why voice is off in the microphone's tooltip when the server gave a reason", async () => {
    installFakeMedia();
    const reason = 'Local voice needs pocketsphinx_continuous: sudo apt-get install -y pocketsphinx';
    await openChat(server(), false, { reason });
    const mic = screen.getByRole('button', { name: 'Start voice input' });
    expect(mic.getAttribute('title')).toBe(`${VOICE_TEXT.unavailable}. ${reason}`);
  });

  it('with the local engine uploads 16 kHz WAV and labels the transcript until it is sent', async () => {
    installFakeMedia();
    const stream = controlledStream();
    const fetch = server({
      'GET /transcription/status': () =>
        Response.json({ available: true, engine: 'local', provider: 'pocketsphinx', reason: null }),
      'POST /api/conversation/:userId': () => stream.response,
    });
    const { user } = await openChat(fetch, true, { engine: 'local' });
    expect(screen.queryByText(VOICE_TEXT.localTranscription)).toBeNull();
    await recordOnce(user);

    await waitFor(() => expect(composer().value).toBe('find my first customers'));
    const [audio] = uploads(fetch);
    expect(audio?.type).toBe('audio/wav');
    const header = new DataView(await audio!.arrayBuffer());
    expect(String.fromCharCode(...new Uint8Array(header.buffer, 0, 4))).toBe('RIFF');
    expect(header.getUint32(24, true)).toBe(16_000);
    expect(header.getUint16(34, true)).toBe(16);
    expect(screen.getByText(VOICE_TEXT.localTranscription)).toBeTruthy();
    expect(posts(fetch)).toEqual(['/transcription']);

    // Editing keeps the label; sending takes it away.
    await user.type(composer(), ' this week');
    expect(screen.getByText(VOICE_TEXT.localTranscription)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.queryByText(VOICE_TEXT.localTranscription)).toBeNull());
    expect(composer().value).toBe('');
  });

  it('drops the local label when the founder clears the box', async () => {
    installFakeMedia();
    const fetch = server({
      'GET /transcription/status': () =>
        Response.json({ available: true, engine: 'local', provider: 'pocketsphinx', reason: null }),
    });
    const { user } = await openChat(fetch, true, { engine: 'local' });
    await recordOnce(user);
    expect(await screen.findByText(VOICE_TEXT.localTranscription)).toBeTruthy();
    await user.clear(composer());
    expect(screen.queryByText(VOICE_TEXT.localTranscription)).toBeNull();
  });

  it('with the OpenAI engine uploads the webm recording and shows no local label', async () => {
    installFakeMedia();
    const fetch = server({
      'GET /transcription/status': () =>
        Response.json({ available: true, engine: 'openai', provider: 'whisper-1', reason: null }),
    });
    const { user } = await openChat(fetch, true);
    await recordOnce(user);
    await waitFor(() => expect(composer().value).toBe('find my first customers'));
    expect(uploads(fetch).map((f) => f.type)).toEqual(['audio/webm;codecs=opus']);
    expect(screen.queryByText(VOICE_TEXT.localTranscription)).toBeNull();
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
