import { Loader2, Mic, Square } from 'lucide-react';
import { formatClock } from './clock.ts';
import type { VoiceRecorder } from './use-voice-recorder.ts';

export interface VoiceRecorderButtonProps {
  recorder: VoiceRecorder;
  /** The owner is busy (a reply is pending, the input is closed): no new recording, but one in progress can stop. */
  disabled?: boolean;
}

/** The microphone button beside a message box: timer and level meter while recording, a spinner while transcribing. */
export function VoiceRecorderButton({ recorder, disabled = false }: VoiceRecorderButtonProps) {
  const { state, elapsed, level, available } = recorder;
  const recording = state === 'recording';
  const transcribing = state === 'transcribing';

  return (
    <div className="flex shrink-0 items-center gap-2">
      <span className="sr-only" aria-live="polite">
        {recording ? 'Recording' : ''}
      </span>
      {recording && (
        <span className="flex items-center gap-1.5 text-xs font-medium text-red-600 tabular-nums dark:text-red-400">
          <span
            className="flex h-4 w-1.5 flex-col justify-end overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            aria-hidden="true"
          >
            <span
              data-testid="voice-level"
              className="w-full rounded-full bg-red-500 transition-[height]"
              style={{ height: `${Math.round(level * 100)}%` }}
            />
          </span>
          <span role="timer" aria-label="Recording time">
            {formatClock(elapsed)}
          </span>
        </span>
      )}
      {transcribing && (
        <span role="status" className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
          Transcribing…
        </span>
      )}
      <button
        type="button"
        onClick={recorder.toggle}
        aria-label={recording ? 'Stop recording' : 'Start voice input'}
        aria-pressed={recording}
        // Unavailable stays clickable (aria-disabled) so a click can say why; busy is a real disabled.
        aria-disabled={available ? undefined : true}
        title={available ? undefined : recorder.unavailableText}
        disabled={transcribing || (disabled && !recording)}
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-xl focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 ${
          recording
            ? 'bg-red-600 text-white hover:bg-red-700'
            : 'text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200'
        } ${available ? '' : 'cursor-not-allowed opacity-40'}`}
      >
        {recording ? (
          <Square className="size-4" aria-hidden="true" />
        ) : (
          <Mic className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
