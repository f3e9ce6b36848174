import { useCallback, useRef, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { CALL_TOOLS, VOICE_TEXT, type RealtimeSession } from '@cofounder/shared';
import { useApi } from '../../data/api-context.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { connectionErrorText, microphoneErrorText, sessionErrorText } from './call-errors.ts';
import { CALL_TEXT } from './call-texts.ts';
import { negotiate, openCallMicrophone, openPeer } from './realtime-connection.ts';
import { functionCallOutput, parseCallEvent, type CallEvent } from './realtime-events.ts';
import { useCallScreenState, useEndCallOnLeave, type CallEnding } from './use-call-screen-state.ts';

export type CallState = 'disconnected' | 'connecting' | 'connected' | 'error';

export interface TranscriptLine {
  id: number;
  role: 'user' | 'intern';
  text: string;
  /** Who wrote an intern line, when known: a model's name, or 'offline' ("Offline draft"). */
  producedBy?: string | null;
}

/** Everything one call holds; released exactly once, however it ends. */
interface ActiveCall {
  userId: string;
  ended: boolean;
  session?: RealtimeSession;
  microphone?: MediaStream;
  pc?: RTCPeerConnection;
  channel?: RTCDataChannel;
  timer?: ReturnType<typeof setInterval>;
  /** The server was told the call is over. */
  reported?: boolean;
}

/**
 * A realtime voice call (spec 1 §2, §4): mints a session, connects the microphone to the provider over WebRTC,
 * keeps the duration and the plan's limit, saves the live transcript, runs the tools the model calls, and always
 * tells the server when the call is over (hang-up, failure, limit, leaving the page).
 */
export function useVoiceCall(speaker: RefObject<HTMLAudioElement | null>) {
  const api = useApi();
  const { user, token } = useAuth();
  const screen = useCallScreenState();
  const { muted, setMuted, settle, addLine, startClock, begin } = screen;
  const active = useRef<ActiveCall | null>(null);

  /** Frees what the call holds and tells the server once; called again as a late start() step finishes. */
  const release = useCallback(
    (call: ActiveCall) => {
      call.ended = true;
      clearInterval(call.timer);
      call.channel?.close();
      call.pc?.close();
      for (const track of call.microphone?.getTracks() ?? []) track.stop();
      if (speaker.current) speaker.current.srcObject = null;
      const callId = call.session?.callId;
      if (callId && !call.reported) {
        call.reported = true;
        void api.realtimeCleanup({ userId: call.userId, callId }).catch(() => undefined);
      }
    },
    [api, speaker],
  );

  const hangUp = useCallback(
    (call: ActiveCall, ending: CallEnding = {}) => {
      release(call);
      if (active.current !== call) return;
      active.current = null;
      settle(ending);
    },
    [release, settle],
  );

  const runTool = useCallback(
    async (call: ActiveCall, event: Extract<CallEvent, { kind: 'functionCall' }>) => {
      const callId = call.session?.callId ?? '';
      let output: string;
      try {
        output = (await api.runCallTool({ callId, name: event.name, arguments: event.arguments })).output;
        if (event.name === CALL_TOOLS.createTask) toast.success(CALL_TEXT.taskCreated);
      } catch (err) {
        // The model still gets an answer, so it can tell the founder instead of waiting forever.
        output = JSON.stringify({ error: err instanceof Error ? err.message : 'Tool failed' });
        if (event.name === CALL_TOOLS.createTask) toast.error(CALL_TEXT.taskFailed);
      }
      if (call.ended || call.channel?.readyState !== 'open') return;
      for (const message of functionCallOutput(event.callId, output)) call.channel.send(message);
    },
    [api],
  );

  const onEvent = useCallback(
    (call: ActiveCall, data: unknown) => {
      const event = parseCallEvent(data);
      if (!event || call.ended) return;
      if (event.kind === 'functionCall') return void runTool(call, event);
      addLine({ role: event.role, text: event.text });
      const callId = call.session?.callId ?? '';
      api
        .saveCallTranscript({ callId, items: [{ role: event.role, text: event.text }] })
        .catch((err: unknown) => console.error('Failed to save the call transcript', err));
    },
    [api, runTool, addLine],
  );

  const onConnected = useCallback(
    (call: ActiveCall, maxSeconds: number) => {
      // Connected again after a network change: the clock keeps running.
      call.timer ??= startClock(maxSeconds, () => hangUp(call, { error: VOICE_TEXT.callLimitReached }));
    },
    [hangUp, startClock],
  );

  const start = useCallback(async () => {
    if (active.current || !begin(!!user && !!token) || !user) return;
    const call: ActiveCall = { userId: user.id, ended: false };
    active.current = call;
    try {
      call.session = await api.realtimeSession(user.id);
    } catch (err) {
      return hangUp(call, { error: sessionErrorText(err), state: 'error' });
    }
    // Ended meanwhile (End Call, leaving the page): the minted session still gets its cleanup.
    if (call.ended) return release(call);
    const session = call.session;
    try {
      call.microphone = await openCallMicrophone();
    } catch (err) {
      return hangUp(call, { error: microphoneErrorText(err), state: 'error' });
    }
    if (call.ended) return release(call);
    try {
      const peer = openPeer(call.microphone, {
        onRemoteStream: (stream) => {
          if (speaker.current) speaker.current.srcObject = stream;
        },
        onMessage: (data) => onEvent(call, data),
        onConnectionState: (connection) => {
          if (connection === 'connected') onConnected(call, session.maxSeconds);
          else if (connection === 'disconnected') hangUp(call);
          else if (connection === 'failed') {
            hangUp(call, { error: VOICE_TEXT.connectionFailed(connection), state: 'error' });
          }
        },
      });
      call.pc = peer.pc;
      call.channel = peer.channel;
      await negotiate(peer.pc, session);
    } catch (err) {
      hangUp(call, { error: connectionErrorText(err), state: 'error' });
    }
  }, [api, user, token, begin, hangUp, release, onEvent, onConnected, speaker]);

  const end = useCallback(() => {
    if (active.current) hangUp(active.current);
  }, [hangUp]);

  const toggleMute = useCallback(() => {
    const tracks = active.current?.microphone?.getAudioTracks() ?? [];
    const next = !muted;
    for (const track of tracks) track.enabled = !next;
    setMuted(next);
  }, [muted, setMuted]);

  // Closing or leaving the tab ends the call too; the cleanup request is sent with keepalive.
  useEndCallOnLeave(end, screen.mounted);

  const { state, error, elapsed, transcript, dismissError } = screen;
  return { state, error, elapsed, muted, transcript, start, end, toggleMute, dismissError };
}
