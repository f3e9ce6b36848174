import { useRef } from 'react';
import { Mic, MicOff, Phone, PhoneOff } from 'lucide-react';
import { formatClock } from '@cofounder/shared/ui';
import { useConfig } from '../../data/config/use-config.ts';
import { useModelSettings } from '../../data/model-settings/use-model-settings.ts';
import { CALL_TEXT } from './call-texts.ts';
import { CallTranscript } from './CallTranscript.tsx';
import { useVoiceCall } from './use-voice-call.ts';

const BUTTON =
  'inline-flex items-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';

/** The voice call screen (spec 1 §2): start and end, mute, the duration, the status and an error banner. */
export function CallScreen() {
  const speaker = useRef<HTMLAudioElement>(null);
  // The founder's own OpenAI connection holds calls where the server has no voice provider.
  const serverCalls = useConfig().voice.calls;
  const callsEnabled = useModelSettings().data?.voice.calls ?? serverCalls;
  const call = useVoiceCall(speaker);
  const live = call.state === 'connecting' || call.state === 'connected';

  return (
    <div data-call-state={call.state} className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Voice Call</h1>
      {!callsEnabled && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-300">
          {CALL_TEXT.noProvider}
        </p>
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
                className={`${BUTTON} bg-red-600 text-white hover:bg-red-500`}
              >
                <PhoneOff className="size-4" aria-hidden="true" />
                End Call
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => void call.start()}
              disabled={!callsEnabled}
              className={`${BUTTON} bg-indigo-600 text-white hover:bg-indigo-500`}
            >
              <Phone className="size-4" aria-hidden="true" />
              Start Call
            </button>
          )}
        </div>
      </section>
      <CallTranscript lines={call.transcript} />
      {/* The co-founder's voice; hidden because the call has its own controls. */}
      <audio ref={speaker} autoPlay className="hidden" />
    </div>
  );
}
