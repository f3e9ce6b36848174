import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { createApi, type Api, type VoiceEngine } from '@cofounder/shared';
// The hook's own module: the shared UI index would bring the chat screens along.
import { useVoiceRecorder } from '../../../../shared/src/ui/voice/use-voice-recorder.ts';
import { QUICK_VOICE_FEEDBACK } from '../../../../shared/src/constants/extension.ts';
import { QuickVoiceCredentials, type QuickVoiceDone } from '../../lib/quick-voice-messages.ts';
import { stopRequests } from './stop-requests.ts';

type Report =
  | QuickVoiceDone
  | { type: 'quick-voice:state'; state: 'recording' | 'transcribing' }
  | { type: 'quick-voice:warning'; message: string };

function report(message: Report): void {
  browser.runtime.sendMessage(message).catch(() => undefined);
}

/** The stored session's bearer, asked of the background each time (this page cannot read extension storage). */
async function credentials(): Promise<QuickVoiceCredentials> {
  const reply: unknown = await browser.runtime.sendMessage({ type: 'quick-voice:credentials' });
  const parsed = QuickVoiceCredentials.safeParse(reply);
  return parsed.success ? parsed.data : null;
}

/** What the recorder needs to know of the server: whether, with what and (when not) why it transcribes. */
interface Ready {
  api: Api;
  available: boolean;
  engine: VoiceEngine | null;
  unavailableReason: string | null;
}

/** Signed in and the server's transcription status, before the microphone is opened. */
async function prepare(): Promise<Ready | null> {
  const first = await credentials();
  if (!first) {
    report({
      type: 'quick-voice:done',
      error: { code: 'signedOut', message: QUICK_VOICE_FEEDBACK.message.signedOut },
    });
    return null;
  }
  const api = createApi({
    baseUrl: first.serverUrl,
    getToken: async () => (await credentials())?.token ?? null,
  });
  try {
    const status = await api.transcriptionStatus();
    return { api, available: status.available, engine: status.engine, unavailableReason: status.reason };
  } catch {
    report({
      type: 'quick-voice:done',
      error: { code: 'unreachable', message: QUICK_VOICE_FEEDBACK.message.unreachable(first.serverUrl) },
    });
    return null;
  }
}

/** One quick voice note: checks the server, then records with the shared recorder until stopped. */
export function QuickVoiceNote() {
  const [ready, setReady] = useState<Ready | null>(null);
  useEffect(() => {
    void prepare().then(setReady);
  }, []);
  // A press before the server answered (a slow or hanging server) ends the note instead of leaving it stuck.
  useEffect(() => {
    if (ready) return;
    const cancel = () =>
      report({ type: 'quick-voice:done', error: { code: 'cancelled', message: QUICK_VOICE_FEEDBACK.message.cancelled } });
    stopRequests.addEventListener('stop', cancel);
    return () => stopRequests.removeEventListener('stop', cancel);
  }, [ready]);
  return ready && <Recording {...ready} />;
}

function Recording({ api, available, engine, unavailableReason }: Ready) {
  // An unavailable server is reported by the recorder itself, with the spec's text, when start() is called.
  // The local engine gets WAV: the recorder converts here, in the offscreen page's Web Audio.
  const { state, start, stop } = useVoiceRecorder({
    available,
    engine,
    unavailableReason,
    transcribe: (audio, filename) => api.transcribe(audio, { filename }),
    onTranscript: (text, { local }) => report({ type: 'quick-voice:done', text, local }),
    onNotice: (notice) =>
      report(
        notice.severity === 'warning'
          ? { type: 'quick-voice:warning', message: notice.message }
          : { type: 'quick-voice:done', error: { code: notice.code, message: notice.message } },
      ),
  });

  useEffect(() => {
    void start();
  }, [start]);
  useEffect(() => {
    if (state !== 'idle') report({ type: 'quick-voice:state', state });
  }, [state]);
  useEffect(() => {
    stopRequests.addEventListener('stop', stop);
    return () => stopRequests.removeEventListener('stop', stop);
  }, [stop]);

  return null;
}
