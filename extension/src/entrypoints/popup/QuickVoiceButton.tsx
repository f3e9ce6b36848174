import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { VOICE_TEXT, type PublicConfig, type TranscriptionStatus } from '@cofounder/shared';
import type { WorkerApi } from '../../lib/worker-client.ts';
import {
  readQuickVoiceStatus,
  watchQuickVoiceStatus,
  type QuickVoiceStatus,
} from '../../lib/quick-voice-status.ts';

const LABEL = {
  idle: 'Quick voice note',
  recording: 'Stop voice note',
  transcribing: 'Transcribing…',
} as const;

/**
 * Whether this founder's notes can be transcribed: the server's answer for them (their own speech key counts),
 * GET /api/config's server-wide answer until it comes.
 */
function useTranscription(api: Pick<WorkerApi, 'transcriptionStatus'>, voice: PublicConfig['voice']) {
  const [status, setStatus] = useState<TranscriptionStatus | null>(null);
  useEffect(() => {
    let live = true;
    api.transcriptionStatus().then(
      (answer) => live && setStatus(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  const available = status?.available ?? voice.transcription;
  return { available, reason: available ? null : (status?.reason ?? voice.reason ?? VOICE_TEXT.unavailable) };
}

/**
 * "Quick voice note": the same toggle as the keyboard command (the background records, then inserts into the
 * page's focused field or copies), and how the last note ended. Chrome only (offscreen recording). Disabled, with
 * the server's reason beside it, while notes cannot be transcribed.
 */
export function QuickVoiceButton({
  api,
  voice,
}: {
  api: Pick<WorkerApi, 'transcriptionStatus'>;
  voice: PublicConfig['voice'];
}) {
  const [status, setStatus] = useState<QuickVoiceStatus | null>(null);
  const transcription = useTranscription(api, voice);
  useEffect(() => {
    void readQuickVoiceStatus().then(setStatus);
    return watchQuickVoiceStatus(setStatus);
  }, []);
  if (!browser.offscreen) return null;

  const state = status?.state ?? 'idle';
  const last = state === 'idle' ? status?.last : undefined;
  // A note already recording can always be stopped.
  const unavailable = state === 'idle' && !transcription.available;
  return (
    <div className="stack quick-voice">
      <button
        type="button"
        className="button"
        aria-pressed={state === 'recording'}
        aria-describedby={unavailable ? 'quick-voice-unavailable' : undefined}
        disabled={state === 'transcribing' || unavailable}
        onClick={() =>
          void browser.runtime.sendMessage({ type: 'quick-voice:toggle' }).catch(() => undefined)
        }
      >
        {LABEL[state]}
      </button>
      {unavailable && (
        <p id="quick-voice-unavailable" className="muted">
          {transcription.reason}
        </p>
      )}
      {state === 'recording' && status?.notice && (
        <p role="status" className="hint">
          {status.notice}
        </p>
      )}
      {last && (
        <div role="status" className="muted" aria-label="Last voice note">
          <p className={last.outcome === 'failed' ? 'field-error' : undefined}>{last.message}</p>
          {last.text && <p>{last.text}</p>}
          {last.text && last.local && <p className="hint">{VOICE_TEXT.localTranscription}</p>}
          {last.outcome === 'failed' && last.text && (
            <button
              type="button"
              className="button"
              onClick={() => void navigator.clipboard.writeText(last.text ?? '')}
            >
              Copy note
            </button>
          )}
        </div>
      )}
    </div>
  );
}
