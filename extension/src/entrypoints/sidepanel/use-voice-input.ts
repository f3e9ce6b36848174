import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { Api, PublicConfig, TranscriptionStatus } from '@cofounder/shared';
import { useVoiceRecorder, type VoiceNotice } from '@cofounder/shared/ui';

/** What the panel assumes when the status cannot be read: no voice, for a reason the config may give. */
const UNKNOWN: TranscriptionStatus = { available: false, engine: null, provider: null, reason: null };

/**
 * The side panel's microphone: the server's transcription status for this founder (asked once per panel), the
 * shared recorder (WAV for the local engine), and the last notice to show under the message box.
 */
export function useVoiceInput(
  api: Api,
  config: PublicConfig,
  onTranscript: (text: string, source: { local: boolean }) => void,
) {
  const [status, setStatus] = useState<TranscriptionStatus | null>(null);
  const [notice, setNotice] = useState<VoiceNotice | null>(null);
  useEffect(() => {
    let live = true;
    api.transcriptionStatus().then(
      (answer) => live && setStatus(answer),
      () => live && setStatus(UNKNOWN),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const recorder = useVoiceRecorder({
    available: status?.available ?? false,
    engine: status?.engine ?? config.voice.engine,
    unavailableReason: status?.reason ?? config.voice.reason,
    transcribe: (audio, filename) => api.transcribe(audio, { filename }),
    onTranscript: (text, source) => {
      setNotice(null);
      onTranscript(text, source);
    },
    onNotice: (next) => {
      // Chrome shows no permission prompt in a side panel: the extension's own page asks for the microphone.
      if (next.code === 'micDenied')
        void browser.tabs.create({ url: browser.runtime.getURL('/voice-permission.html') });
      setNotice(next);
    },
  });
  return { recorder, notice, clearNotice: () => setNotice(null) };
}
