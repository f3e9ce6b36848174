import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { VOICE_TEXT, type RealtimeSession } from '@cofounder/shared';
import { createFakeAuth, fakeSession, fakeUser } from '../../test/fake-auth.ts';
import { createFakeServer, type FakeRoute } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { installFakeMedia, removeFakeMedia } from '@cofounder/shared/test/fake-media';
import { installFakeRtc } from '../../test/fake-rtc.ts';

afterEach(() => {
  removeFakeMedia();
  vi.useRealTimers();
});

const USER_ID = fakeUser().id;
const SESSION: RealtimeSession = {
  client_secret: { value: 'ek_test_secret', expires_at: 1_900_000_000 },
  callId: 'call-1',
  realtime: { callsUrl: 'https://api.openai.com/v1/realtime/calls', model: 'gpt-realtime', voice: 'marin' },
  maxSeconds: 900,
};

function server(routes: Record<string, FakeRoute> = {}) {
  return createFakeServer({
    'GET /api/realtime-voice/session': () => Response.json(SESSION),
    'POST /api/realtime-voice/cleanup': () => Response.json({ success: true }),
    'POST /api/realtime-voice/transcript': () => Response.json({ success: true }),
    'POST /api/realtime-voice/tool': () => Response.json({ success: true, output: '{"taskId":"t-1"}' }),
    ...routes,
  });
}

function open(fetch: typeof globalThis.fetch, { calls = true, sdpStatus = 201 } = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const mic = installFakeMedia();
  const rtc = installFakeRtc(sdpStatus);
  const view = renderApp('/dashboard/call', {
    auth: createFakeAuth(fakeSession()),
    fetch,
    config: { voice: { transcription: false, calls, engine: calls ? 'openai' : null, reason: null } },
    advanceTimers: vi.advanceTimersByTime,
  });
  return { ...view, mic, rtc };
}

const page = () => document.querySelector('[data-call-state]');
const callState = () => page()?.getAttribute('data-call-state');
const posts = (fetch: ReturnType<typeof server>, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const startButton = () => screen.findByRole('button', { name: 'Start Call' });

/** Starts a call and waits until the answer SDP is applied. */
async function startCall(view: ReturnType<typeof open>) {
  await view.user.click(await startButton());
  await waitFor(() => expect(view.rtc.peer()?.remote?.sdp).toBe('v=0 answer-sdp'));
  return view.rtc.peer()!;
}

describe('voice call screen', () => {
  it('connects: session, 24 kHz microphone, SDP offer with the bearer secret, then connected with a timer', async () => {
    const fetch = server();
    const view = open(fetch);
    await view.user.click(await startButton());
    expect(callState()).toBe('connecting');
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    await waitFor(() => expect(view.rtc.peer()?.remote).toEqual({ type: 'answer', sdp: 'v=0 answer-sdp' }));
    const peer = view.rtc.peer()!;

    expect(view.mic.getUserMedia.mock.calls[0]?.[0]).toMatchObject({ audio: { sampleRate: 24_000 } });
    expect(peer.tracks).toEqual(view.mic.stream.tracks);
    expect(peer.channel?.label).toBe('oai-events');
    const [url, init] = view.rtc.provider.mock.calls[0]!;
    expect(url).toBe(SESSION.realtime.callsUrl);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('v=0 offer-sdp');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer ek_test_secret');
    expect(new Headers(init.headers).get('content-type')).toBe('application/sdp');

    act(() => peer.become('connected'));
    expect(callState()).toBe('connected');
    expect(screen.getByRole('status').textContent).toBe('Connected');
    act(() => vi.advanceTimersByTime(65_000));
    expect(screen.getByRole('timer', { name: 'Call duration' }).textContent).toBe('01:05');

    await view.user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(view.mic.stream.tracks[0]?.enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Unmute' }).getAttribute('aria-pressed')).toBe('true');
    await view.user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(view.mic.stream.tracks[0]?.enabled).toBe(true);

    await view.user.click(screen.getByRole('button', { name: 'End Call' }));
    expect(callState()).toBe('disconnected');
    expect(peer.closed).toBe(true);
    expect(view.mic.stream.tracks[0]?.stopped).toBe(true);
    await waitFor(() =>
      expect(posts(fetch, '/api/realtime-voice/cleanup')).toEqual([{ userId: USER_ID, callId: 'call-1' }]),
    );
  });

  it('shows the provider failure when the SDP answer is not 2xx, and Dismiss hides it', async () => {
    const fetch = server();
    const view = open(fetch, { sdpStatus: 500 });
    await view.user.click(await startButton());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('OpenAI Realtime connection failed: 500');
    expect(callState()).toBe('error');
    expect(view.rtc.peer()?.closed).toBe(true);
    await waitFor(() => expect(posts(fetch, '/api/realtime-voice/cleanup')).toHaveLength(1));

    await view.user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callState()).toBe('disconnected');
  });

  it('ends the call and cleans up when the connection fails', async () => {
    const fetch = server();
    const view = open(fetch);
    const peer = await startCall(view);
    act(() => peer.become('connected'));
    act(() => peer.become('failed'));
    expect(callState()).toBe('error');
    expect(peer.closed).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain(VOICE_TEXT.connectionFailed('failed'));
    await waitFor(() => expect(posts(fetch, '/api/realtime-voice/cleanup')).toHaveLength(1));
  });

  it('shows and saves the live transcript, runs a tool call and answers it on the channel', async () => {
    const fetch = server();
    const view = open(fetch);
    const peer = await startCall(view);
    act(() => peer.become('connected'));
    act(() => {
      peer.channel?.emit({
        type: 'conversation.item.input_audio_transcription.completed',
        transcript: 'Plan my launch',
      });
      peer.channel?.emit({ type: 'response.output_audio_transcript.done', transcript: 'On it.' });
      peer.channel?.emit({ type: 'response.audio.delta', delta: 'ignored' });
    });
    expect(screen.getByText('Plan my launch')).toBeTruthy();
    expect(screen.getByText('On it.')).toBeTruthy();
    await waitFor(() =>
      expect(posts(fetch, '/api/realtime-voice/transcript')).toEqual([
        { callId: 'call-1', items: [{ role: 'user', text: 'Plan my launch' }] },
        { callId: 'call-1', items: [{ role: 'intern', text: 'On it.' }] },
      ]),
    );

    const args = JSON.stringify({ description: 'Write the launch post', priority: 7, agent: 'marketing_agent' });
    act(() =>
      peer.channel?.emit({
        type: 'response.function_call_arguments.done',
        name: 'create_task',
        call_id: 'fc-1',
        arguments: args,
      }),
    );
    expect(await screen.findByText('Task created')).toBeTruthy();
    expect(posts(fetch, '/api/realtime-voice/tool')).toEqual([
      { callId: 'call-1', name: 'create_task', arguments: args },
    ]);
    expect(peer.channel?.sent).toEqual([
      {
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: 'fc-1', output: '{"taskId":"t-1"}' },
      },
      { type: 'response.create' },
    ]);
  });

  it('ends the call with the limit text when the allowed seconds run out', async () => {
    const fetch = server({
      'GET /api/realtime-voice/session': () => Response.json({ ...SESSION, maxSeconds: 120 }),
    });
    const view = open(fetch);
    const peer = await startCall(view);
    act(() => peer.become('connected'));
    act(() => vi.advanceTimersByTime(119_000));
    expect(callState()).toBe('connected');
    act(() => vi.advanceTimersByTime(1_000));
    expect(callState()).toBe('disconnected');
    expect(screen.getByRole('alert').textContent).toContain(VOICE_TEXT.callLimitReached);
    expect(peer.closed).toBe(true);
    await waitFor(() => expect(posts(fetch, '/api/realtime-voice/cleanup')).toHaveLength(1));
  });

  it('tells the server when the page goes away mid-call', async () => {
    const fetch = server();
    const view = open(fetch);
    const peer = await startCall(view);
    act(() => peer.become('connected'));
    view.unmount();
    expect(peer.closed).toBe(true);
    await waitFor(() =>
      expect(posts(fetch, '/api/realtime-voice/cleanup')).toEqual([{ userId: USER_ID, callId: 'call-1' }]),
    );
  });

  it('ends the call on pagehide', async () => {
    const fetch = server();
    const view = open(fetch);
    const peer = await startCall(view);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(peer.closed).toBe(true);
    expect(callState()).toBe('disconnected');
  });

  it('shows the server message for a call already in progress', async () => {
    const message = VOICE_TEXT.callInProgress;
    const fetch = server({
      'GET /api/realtime-voice/session': () =>
        Response.json({ error: { code: 'conflict', message } }, { status: 409 }),
    });
    const view = open(fetch);
    await view.user.click(await startButton());
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(view.rtc.peer()).toBeUndefined();
  });

  it('says "Failed to create session" for other session failures', async () => {
    const fetch = server({
      'GET /api/realtime-voice/session': () =>
        Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
    });
    const view = open(fetch);
    await view.user.click(await startButton());
    expect((await screen.findByRole('alert')).textContent).toContain(VOICE_TEXT.sessionFailed);
  });

  it("enables calls through the founder's own OpenAI connection when the server has no voice provider", async () => {
    open(
      server({
        'GET /api/model-settings': () =>
          Response.json({
            success: true,
            connection: null,
            answering: { source: 'founder', mode: 'real', model: 'gpt-4o-mini' },
            serverDefault: { mode: 'local', model: null },
            voice: { transcription: true, calls: true, transcriptionEngine: 'openai', callsEngine: 'openai' },
          }),
      }),
      { calls: false },
    );
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Start Call' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByText('Voice calls need a voice provider configured on this server')).toBeNull();
  });

  it('explains and disables Start Call without a voice provider', async () => {
    open(server(), { calls: false });
    expect(
      await screen.findByText('Voice calls need a voice provider configured on this server'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start Call' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
