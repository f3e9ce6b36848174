import { VOICE_TEXT } from '../../schemas/voice.ts';

/** Under a message box holding a local transcript: pocketsphinx is less accurate than a speech service. */
export function LocalTranscriptionNote({ className = '' }: { className?: string }) {
  return (
    <p role="note" className={`px-2 text-xs text-amber-700 dark:text-amber-300 ${className}`}>
      {VOICE_TEXT.localTranscription}
    </p>
  );
}
