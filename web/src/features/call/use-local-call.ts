import { useCallback, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import {
  LOCAL_CALL_CLOSE,
  LOCAL_CALL_PATH,
  LOCAL_CALL_TEXT,
  LocalCallServerMessage,
  VOICE_TEXT,
} from '@cofounder/shared';
import { useAuth } from '../auth/AuthProvider.tsx';
import { microphoneErrorText } from './call-errors.ts';
import { CALL_TEXT } from './call-texts.ts';
import { openLocalCallAudio, type LocalCallAudio } from './local-call-audio.ts';
import { useCallScreenState, useEndCallOnLeave, type CallEnding } from './use-call-screen-state.ts';

/** Everything one local call holds; released exactly once, however it ends. */
interface ActiveCall {
  ended: boolean;
  socket: WebSocket;
  audio?: LocalCallAudio;
  timer?: ReturnType<typeof setInterval>;
  /** The server reserved the call (it is metered from then on). */
  ready: boolean;
  muted: boolean;
}

/** The call socket on this page's own origin (the dev server proxies it like the rest of /api). */
const socketUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LOCAL_CALL_PATH}`;

/**
 * A local voice call (issue 24 §2): the microphone streams to this server over a WebSocket, which ends each turn,
 * recognises it (pocketsphinx), has the co-founder answer as the chat does, and sends the spoken answer (flite)
 * back to be played here. Same states, timer, mute, banner and transcript as the realtime call.
 */
export function useLocalCall() {
  const { user, token } = useAuth();
  const screen = useCallScreenState();
  const { muted, setMuted, setError, settle, addLine, startClock, begin, mounted } = screen;
  /** Spoken answers that started playing in this call. */
  const [answersPlayed, setAnswersPlayed] = useState(0);
  const active = useRef<ActiveCall | null>(null);

  const release = useCallback((call: ActiveCall) => {
    if (call.ended) return;
    call.ended = true;
    clearInterval(call.timer);
    call.audio?.close();
    if (call.socket.readyState === WebSocket.OPEN) call.socket.send(JSON.stringify({ type: 'end' }));
    // The server ends and meters the call on `end` or on the close, whichever it sees first.
    call.socket.close(1000);
  }, []);

  const hangUp = useCallback(
    (call: ActiveCall, ending: CallEnding = {}) => {
      release(call);
      if (active.current !== call) return;
      active.current = null;
      settle(ending);
    },
    [release, settle],
  );

  const connectMicrophone = useCallback(
    async (call: ActiveCall, maxSeconds: number) => {
      try {
        call.audio = await openLocalCallAudio((frame) => {
          // Muted, nothing is sent at all (the server was told, and answers what came before).
          if (!call.ended && !call.muted && call.socket.readyState === WebSocket.OPEN) call.socket.send(frame);
        });
      } catch (err) {
        return hangUp(call, { error: microphoneErrorText(err), state: 'error' });
      }
      if (call.ended) return call.audio.close();
      call.timer = startClock(maxSeconds, () => hangUp(call, { error: VOICE_TEXT.callLimitReached }));
    },
    [hangUp, startClock],
  );

  const onMessage = useCallback(
    (call: ActiveCall, data: unknown) => {
      if (call.ended) return;
      if (data instanceof ArrayBuffer) {
        // A spoken answer. A WAV this page cannot decode is skipped; its words are in the transcript.
        void call.audio
          ?.play(data)
          .then(() => mounted.current && setAnswersPlayed((n) => n + 1))
          .catch((err: unknown) => console.error('Could not play the answer', err));
        return;
      }
      let parsed;
      try {
        parsed = LocalCallServerMessage.safeParse(JSON.parse(String(data)));
      } catch {
        return; // not JSON: nothing this page knows
      }
      if (!parsed.success) return;
      const message = parsed.data;
      switch (message.type) {
        case 'ready':
          call.ready = true;
          void connectMicrophone(call, message.maxSeconds);
          break;
        case 'transcript': {
          addLine({ role: message.role, text: message.text, producedBy: message.producedBy ?? null });
          if (message.tasksCreated) toast.success(CALL_TEXT.taskCreated);
          break;
        }
        case 'barge_in':
          call.audio?.stopPlayback();
          break;
        case 'error':
          setError(message.message);
          break;
        case 'ended':
          // Refused before it began (busy, no minutes) is a failed call; a call cut short ends with its reason.
          hangUp(call, { error: message.error ?? undefined, state: message.error && !call.ready ? 'error' : 'disconnected' });
      }
    },
    [connectMicrophone, hangUp, addLine, setError, mounted],
  );

  const start = useCallback(() => {
    if (active.current || !begin(!!user && !!token)) return;
    const socket = new WebSocket(socketUrl());
    socket.binaryType = 'arraybuffer';
    const call: ActiveCall = { ended: false, socket, ready: false, muted: false };
    active.current = call;
    setAnswersPlayed(0);
    // Browsers cannot set Authorization on a WebSocket: the token is the first message.
    socket.onopen = () => socket.send(JSON.stringify({ type: 'start', token }));
    socket.onmessage = (event: MessageEvent) => onMessage(call, event.data);
    socket.onclose = (event) => {
      if (call.ended) return;
      const error = event.code === LOCAL_CALL_CLOSE.unauthorized ? VOICE_TEXT.notAuthenticated : LOCAL_CALL_TEXT.connectionFailed(event.code);
      hangUp(call, { error, state: 'error' });
    };
  }, [user, token, begin, onMessage, hangUp]);

  const end = useCallback(() => {
    if (active.current) hangUp(active.current);
  }, [hangUp]);

  const toggleMute = useCallback(() => {
    const call = active.current;
    const next = !muted;
    if (call) {
      call.muted = next;
      for (const track of call.audio?.microphone.getAudioTracks() ?? []) track.enabled = !next;
      if (call.socket.readyState === WebSocket.OPEN) call.socket.send(JSON.stringify({ type: 'mute', muted: next }));
    }
    setMuted(next);
  }, [muted, setMuted]);

  useEndCallOnLeave(end, mounted);

  const { state, error, elapsed, transcript, dismissError } = screen;
  return { state, error, elapsed, muted, transcript, answersPlayed, start, end, toggleMute, dismissError };
}
