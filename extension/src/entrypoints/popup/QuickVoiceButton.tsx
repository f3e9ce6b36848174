import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { VOICE_TEXT } from '@cofounder/shared';
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
 * "Quick voice note": the same toggle as the keyboard command (the background records, then inserts into the
 * page's focused field or copies), and how the last note ended. Chrome only (offscreen recording).
 */
export function QuickVoiceButton() {
  const [status, setStatus] = useState<QuickVoiceStatus | null>(null);
  useEffect(() => {
    void readQuickVoiceStatus().then(setStatus);
    return watchQuickVoiceStatus(setStatus);
  }, []);
  if (!browser.offscreen) return null;

  const state = status?.state ?? 'idle';
  const last = state === 'idle' ? status?.last : undefined;
  return (
    <div className="stack quick-voice">
      <button
        type="button"
        className="button"
        aria-pressed={state === 'recording'}
        disabled={state === 'transcribing'}
        onClick={() =>
          void browser.runtime.sendMessage({ type: 'quick-voice:toggle' }).catch(() => undefined)
        }
      >
        {LABEL[state]}
      </button>
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
