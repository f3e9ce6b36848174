import type { ReactNode } from 'react';
import { Mic, MicOff, Phone, PhoneOff } from 'lucide-react';
import { formatClock } from '@cofounder/shared/ui';
import { CALL_TEXT } from './call-texts.ts';
import { CallTranscript } from './CallTranscript.tsx';
import type { CallState, TranscriptLine } from './use-voice-call.ts';

const BUTTON =
  'inline-flex items-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';

const NOTE = 'rounded-xl border px-4 py-3 text-sm';

/** What the screen shows and drives of a call, whichever way it is carried (realtime or local). */
export interface CallControls {
  state: CallState;
  error: string | null;
  elapsed: number;
  muted: boolean;
  transcript: TranscriptLine[];
  start: () => unknown;
  end: () => void;
  toggleMute: () => void;
  dismissError: () => void;
}

interface CallViewProps {
  call: CallControls;
  /** Whether a call can start at all (some voice provider serves this founder). */
  enabled: boolean;
  /** Why not, when the server knows (e.g. the command that installs local voice). */
  reason?: string | null;
  /** Which kind of call this is, said plainly (the local call). */
  mode?: string;
  /** More for the page root (e.g. data attributes for tests), and what plays the answers. */
  rootProps?: Record<`data-${string}`, string | number>;
  children?: ReactNode;
}

/** The voice call screen (spec 1 §2): start and end, mute, the duration, the status and an error banner. */
export function CallView({ call, enabled, reason, mode, rootProps, children }: CallViewProps) {
  const live = call.state === 'connecting' || call.state === 'connected';
  return (
    <div data-call-state={call.state} {...rootProps} className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Voice Call</h1>
      {mode && (
        <p className={`${NOTE} border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-300`}>
          {mode}
        </p>
      )}
      {!enabled && (
        <div className={`${NOTE} space-y-1 border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-300`}>
          <p>{CALL_TEXT.noProvider}</p>
          {reason && <p className="font-mono text-xs">{reason}</p>}
        </div>
      )}
      {call.error && (
        <div
          role="alert"
          className="flex items-start justify-between gap-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          <p>{call.error}</p>
          <button
            type="button"
            onClick={call.dismissError}
            className="shrink-0 rounded-lg px-2 py-1 font-medium hover:bg-red-100 focus-visible:ring-2 focus-visible:ring-red-400 focus-visible:outline-none dark:hover:bg-red-500/20"
          >
            Dismiss
          </button>
        </div>
      )}
      <section
        aria-label="Call"
        className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <p role="status" className="text-sm font-medium text-slate-600 dark:text-slate-300">
          {CALL_TEXT.status[call.state]}
        </p>
        <p
          role="timer"
          aria-label="Call duration"
          className="text-4xl font-semibold text-slate-900 tabular-nums dark:text-white"
        >
          {formatClock(call.elapsed)}
        </p>
        <div className="flex gap-3">
          {live ? (
            <>
              <button
                type="button"
                onClick={call.toggleMute}
                aria-pressed={call.muted}
                className={`${BUTTON} bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`}
              >
                {call.muted ? (
                  <MicOff className="size-4" aria-hidden="true" />
                ) : (
                  <Mic className="size-4" aria-hidden="true" />
                )}
                {call.muted ? 'Unmute' : 'Mute'}
              </button>
              <button
                type="button"
                onClick={call.end}
                className={`${BUTTON} bg-red-600 text-white hover:bg-red-700`}
              >
                <PhoneOff className="size-4" aria-hidden="true" />
                End Call
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => void call.start()}
              disabled={!enabled}
              className={`${BUTTON} bg-indigo-600 text-white hover:bg-indigo-500`}
            >
              <Phone className="size-4" aria-hidden="true" />
              Start Call
            </button>
          )}
        </div>
      </section>
      <CallTranscript lines={call.transcript} />
      {children}
    </div>
  );
}
