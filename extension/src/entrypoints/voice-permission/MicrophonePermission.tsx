import { useState } from 'react';
import { VOICE_TEXT } from '@cofounder/shared';

type Outcome = 'idle' | 'asking' | 'granted' | 'denied';

/**
 * Chrome lets the extension's recorder use the microphone only after the permission was granted on an extension
 * page once: this page asks, and says why.
 */
export function MicrophonePermission() {
  const [outcome, setOutcome] = useState<Outcome>('idle');

  async function ask() {
    setOutcome('asking');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      // Only the grant is needed here: the microphone is released at once.
      for (const track of stream.getTracks()) track.stop();
      setOutcome('granted');
    } catch {
      setOutcome('denied');
    }
  }

  return (
    <main className="popup permission">
      <h1>Allow the microphone</h1>
      <p>
        Quick voice notes (Alt+Shift+V, or "Quick voice note" in the popup) record what you say, have your
        Cofounder server transcribe it, and put the text into the field you are typing in. Chrome asks for the
        microphone once, here; Cofounder only listens while a note is being recorded.
      </p>
      {outcome === 'granted' ? (
        <p role="status" className="hint">
          Microphone allowed. Close this tab and start your note again.
        </p>
      ) : (
        <button
          type="button"
          className="button primary"
          disabled={outcome === 'asking'}
          onClick={() => void ask()}
        >
          Allow microphone
        </button>
      )}
      {outcome === 'denied' && (
        <p role="alert" className="alert">
          {VOICE_TEXT.micDenied} Allow the microphone for Cofounder with the icon at the right of the address
          bar, then press the button again.
        </p>
      )}
    </main>
  );
}
