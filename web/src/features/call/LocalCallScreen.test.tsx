import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { LOCAL_CALL_PATH, LOCAL_CALL_TEXT, LOCAL_VOICE, OFFLINE_DRAFT_LABEL, VOICE_TEXT, type PublicConfig } from '@cofounder/shared';
import { installFakeMedia, removeFakeMedia } from '@cofounder/shared/test/fake-media';
import { createFakeAuth, fakeSession } from '../../test/fake-auth.ts';
import { createFakeServer } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { installFakeLocalCall } from './fake-local-call.ts';

afterEach(() => {
  removeFakeMedia();
  vi.useRealTimers();
});

const LOCAL_VOICE_CONFIG: PublicConfig['voice'] = { transcription: true, calls: true, engine: 'local', reason: null };

function open({ voice = LOCAL_VOICE_CONFIG, settings }: { voice?: PublicConfig['voice']; settings?: object } = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const mic = installFakeMedia();
  const fakes = installFakeLocalCall();
  const fetch = createFakeServer(settings ? { 'GET /api/model-settings': () => Response.json(settings) } : {});
  const view = renderApp('/dashboard/call', {
    auth: createFakeAuth(fakeSession()),
    fetch,
    config: { voice },
    advanceTimers: vi.advanceTimersByTime,
  });
  return { ...view, mic, ...fakes };
}

const page = () => document.querySelector('[data-call-state]');
const callState = () => page()?.getAttribute('data-call-state');

/** Starts a call: the socket opens and the server reserves it. */
async function startCall(view: ReturnType<typeof open>, maxSeconds = 900) {
  await view.user.click(await screen.findByRole('button', { name: 'Start Call' }));
  const socket = view.socket()!;
  act(() => socket.open());
  act(() => socket.emit({ type: 'ready', callId: 'call-1', maxSeconds }));
  await waitFor(() => expect(callState()).toBe('connected'));
  return socket;
}

describe('local voice call screen', () => {
  it('says it is local, connects over the call socket with the token first, then streams 16 kHz frames', async () => {
    const view = open();
    expect(await screen.findByText(VOICE_TEXT.localCall)).toBeTruthy();
    await view.user.click(await screen.findByRole('button', { name: 'Start Call' }));
    expect(callState()).toBe('connecting');
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    const socket = view.socket()!;
    expect(socket.url).toBe(`ws://${location.host}${LOCAL_CALL_PATH}`);
    act(() => socket.open());
    expect(socket.texts).toEqual([{ type: 'start', token: fakeSession().access_token }]);
    // The microphone opens only once the server has reserved the call.
    expect(view.mic.getUserMedia).not.toHaveBeenCalled();
    act(() => socket.emit({ type: 'ready', callId: 'call-1', maxSeconds: 900 }));
    await waitFor(() => expect(callState()).toBe('connected'));
    expect(view.mic.getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: { sampleRate: LOCAL_VOICE.sampleRate, echoCancellation: true } });
    expect(view.context()!.options).toEqual({ sampleRate: LOCAL_VOICE.sampleRate });
    expect(view.context()!.modules).toHaveLength(1);
    expect(view.capture()!.options.processorOptions).toEqual({ frameSamples: 320 });

    act(() => view.capture()!.frame());
    expect(socket.frames).toHaveLength(1);
    expect((socket.frames[0] as ArrayBuffer).byteLength).toBe(640);
    act(() => vi.advanceTimersByTime(65_000));
    expect(screen.getByRole('timer', { name: 'Call duration' }).textContent).toBe('01:05');
  });

  it('shows both sides, labels an offline answer, plays the spoken answer, and stops it on barge-in', async () => {
    const view = open();
    const socket = await startCall(view);
    act(() => {
      socket.emit({ type: 'transcript', role: 'user', text: 'make a plan to research our competitors' });
      socket.emit({ type: 'transcript', role: 'intern', text: 'On it: I planned three tasks.', producedBy: 'offline', tasksCreated: 3 });
    });
    const lines = within(screen.getByRole('region', { name: 'Live transcript' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'You: make a plan to research our competitors',
      `Co-founder: On it: I planned three tasks.${OFFLINE_DRAFT_LABEL}`,
    ]);
    expect(await screen.findByText('Task created')).toBeTruthy();

    act(() => socket.emitAudio());
    await waitFor(() => expect(page()?.getAttribute('data-answers-played')).toBe('1'));
    const playback = view.context()!.playbacks[0]!;
    expect(playback.started).toBe(true);
    act(() => socket.emit({ type: 'barge_in' }));
    expect(playback.stopped).toBe(true);
  });

  it('a model\'s answer carries no offline label', async () => {
    const view = open();
    const socket = await startCall(view);
    act(() => socket.emit({ type: 'transcript', role: 'intern', text: 'Sure.', producedBy: 'gpt-4o-mini' }));
    expect(screen.getByText('Sure.')).toBeTruthy();
    expect(screen.queryByText(OFFLINE_DRAFT_LABEL)).toBeNull();
  });

  it('mute sends nothing and tells the server; End Call ends, closes and releases the microphone', async () => {
    const view = open();
    const socket = await startCall(view);
    await view.user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(screen.getByRole('button', { name: 'Unmute' }).getAttribute('aria-pressed')).toBe('true');
    expect(view.mic.stream.tracks[0]?.enabled).toBe(false);
    act(() => view.capture()!.frame());
    expect(socket.frames).toHaveLength(0);
    await view.user.click(screen.getByRole('button', { name: 'Unmute' }));
    act(() => view.capture()!.frame());
    expect(socket.frames).toHaveLength(1);
    expect(socket.texts.slice(1)).toEqual([
      { type: 'mute', muted: true },
      { type: 'mute', muted: false },
    ]);

    await view.user.click(screen.getByRole('button', { name: 'End Call' }));
    expect(callState()).toBe('disconnected');
    expect(socket.texts.at(-1)).toEqual({ type: 'end' });
    expect(socket.closedWith).toBe(1000);
    expect(view.mic.stream.tracks[0]?.stopped).toBe(true);
    expect(view.context()!.closed).toBe(true);
  });

  it('a refused call (already in progress) shows the server\'s text in the banner; Dismiss clears it', async () => {
    const view = open();
    await view.user.click(await screen.findByRole('button', { name: 'Start Call' }));
    const socket = view.socket()!;
    act(() => socket.open());
    act(() => socket.emit({ type: 'ended', error: VOICE_TEXT.callInProgress }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(VOICE_TEXT.callInProgress);
    expect(callState()).toBe('error');
    expect(view.mic.getUserMedia).not.toHaveBeenCalled();
    await view.user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callState()).toBe('disconnected');
  });

  it('a turn that failed shows the error and the call goes on', async () => {
    const view = open();
    const socket = await startCall(view);
    act(() => socket.emit({ type: 'error', message: VOICE_TEXT.transcriptionFailed }));
    expect((await screen.findByRole('alert')).textContent).toContain(VOICE_TEXT.transcriptionFailed);
    expect(callState()).toBe('connected');
  });

  it('the server ending the call at the limit shows the limit text', async () => {
    const view = open();
    const socket = await startCall(view);
    act(() => socket.emit({ type: 'ended', error: VOICE_TEXT.callLimitReached }));
    expect(callState()).toBe('disconnected');
    expect(screen.getByRole('alert').textContent).toContain(VOICE_TEXT.callLimitReached);
    expect(view.mic.stream.tracks[0]?.stopped).toBe(true);
  });

  it('ends the call itself when the allowed seconds run out', async () => {
    const view = open();
    const socket = await startCall(view, 120);
    act(() => vi.advanceTimersByTime(119_000));
    expect(callState()).toBe('connected');
    act(() => vi.advanceTimersByTime(1_000));
    expect(callState()).toBe('disconnected');
    expect(screen.getByRole('alert').textContent).toContain(VOICE_TEXT.callLimitReached);
    expect(socket.closedWith).toBe(1000);
  });

  it('a socket lost mid-call is a connection failure; a refused token reads as not authenticated', async () => {
    const view = open();
    const socket = await startCall(view);
    act(() => socket.drop(1006));
    expect(callState()).toBe('error');
    expect(screen.getByRole('alert').textContent).toContain(LOCAL_CALL_TEXT.connectionFailed(1006));
    await view.user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));

    await view.user.click(screen.getByRole('button', { name: 'Start Call' }));
    act(() => view.socket()!.open());
    act(() => view.socket()!.drop(4401));
    expect(screen.getByRole('alert').textContent).toContain(VOICE_TEXT.notAuthenticated);
  });

  it('a denied microphone ends the reserved call with the microphone text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = open();
    view.mic.getUserMedia.mockImplementation(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await view.user.click(await screen.findByRole('button', { name: 'Start Call' }));
    const socket = view.socket()!;
    act(() => socket.open());
    act(() => socket.emit({ type: 'ready', callId: 'call-1', maxSeconds: 900 }));
    expect((await screen.findByRole('alert')).textContent).toContain(VOICE_TEXT.micDenied);
    expect(callState()).toBe('error');
    expect(socket.texts.at(-1)).toEqual({ type: 'end' });
  });

  it("follows the founder's calls engine: their OpenAI connection holds a realtime call even on a local server", async () => {
    open({
      settings: {
        success: true,
        connection: null,
        answering: { source: 'founder', mode: 'real', model: 'gpt-4o-mini' },
        serverDefault: { mode: 'local', model: null },
        voice: { transcription: true, calls: true, transcriptionEngine: 'openai', callsEngine: 'openai' },
      },
    });
    await screen.findByRole('button', { name: 'Start Call' });
    await waitFor(() => expect(page()?.hasAttribute('data-answers-played')).toBe(false));
    expect(screen.queryByText(VOICE_TEXT.localCall)).toBeNull();
  });

  it('without any voice, says why (the install command) and keeps Start Call disabled', async () => {
    const reason = 'Local voice needs pocketsphinx: sudo apt-get install -y pocketsphinx pocketsphinx-en-us flite';
    open({ voice: { transcription: false, calls: false, engine: null, reason } });
    expect(await screen.findByText(reason)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start Call' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
