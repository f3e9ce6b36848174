import { useState } from 'react';
import { conversationProgress, ONBOARDING } from '@cofounder/shared';
import {
  ChatComposer,
  ChatThread,
  LocalTranscriptionNote,
  useTranscribedDraft,
  useVoiceRecorder,
  VoiceRecorderButton,
  type ThreadMessage,
  type VoiceNotice,
} from '@cofounder/shared/ui';
import { useTranscription } from '../../../data/voice/use-transcription.ts';

/** What the co-founder is called in the onboarding conversation (the intern is named later, in settings). */
export const ONBOARDING_ASSISTANT = 'Your AI Co-Founder';

export interface ConversationStepProps {
  messages: ThreadMessage[];
  loading: boolean;
  /** The conversation is over (ready, skipped): no more sending. */
  closed: boolean;
  /** A transition line shown under the conversation while the wizard moves on. */
  transition: string | null;
  onSend: (text: string) => void;
  onSkip: () => void;
}

/** Step 5: the short conversation with the co-founder, its progress labels, and "Skip & Start Working". */
export function ConversationStep({
  messages,
  loading,
  closed,
  transition,
  onSend,
  onSkip,
}: ConversationStepProps) {
  const { draft, setDraft, addTranscript, localTranscript } = useTranscribedDraft();
  const [voiceNotice, setVoiceNotice] = useState<VoiceNotice | null>(null);
  const recorder = useVoiceRecorder({
    ...useTranscription(),
    onTranscript: (text, source) => {
      setVoiceNotice(null);
      addTranscript(text, source);
    },
    onNotice: setVoiceNotice,
  });
  const inputClosed = closed || transition !== null;
  const progress = conversationProgress(messages.length);
  const shown: ThreadMessage[] = transition
    ? [
        ...messages,
        {
          id: 'transition',
          role: 'ai',
          text: transition,
          timestamp: new Date().toISOString(),
          isTransition: true,
        },
      ]
    : messages;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
          Let's talk about your startup
        </h2>
        <button
          type="button"
          onClick={onSkip}
          disabled={inputClosed}
          className="rounded-lg px-3 py-1.5 text-sm font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none disabled:opacity-50 dark:text-indigo-400 dark:hover:bg-indigo-500/10"
        >
          Skip & Start Working
        </button>
      </div>
      <div>
        <ol className="flex justify-between text-xs" aria-label="Conversation progress">
          {ONBOARDING.progressLabels.map(({ label }, i) => (
            <li
              key={label}
              aria-current={i === progress.index ? 'step' : undefined}
              className={
                i <= progress.index
                  ? 'font-semibold text-indigo-600 dark:text-indigo-400'
                  : 'text-slate-600 dark:text-slate-400'
              }
            >
              {label}
            </li>
          ))}
        </ol>
        <div
          className="mt-1 h-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          aria-hidden="true"
        >
          <div
            className="h-full rounded-full bg-indigo-500 transition-[width]"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
      </div>
      <div className="flex h-96 flex-col rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <ChatThread
          className="min-h-0 flex-1"
          messages={shown}
          assistantName={ONBOARDING_ASSISTANT}
          typing={loading}
        />
        <div className="border-t border-slate-200 p-2 dark:border-slate-800">
          <ChatComposer
            value={draft}
            onChange={setDraft}
            label="Your answer"
            placeholder="Type your answer..."
            maxChars={ONBOARDING.maxTextChars}
            // Spec 1 §5: no sending while a recording is still being made or transcribed.
            pending={loading || recorder.state !== 'idle'}
            disabled={inputClosed}
            accessory={<VoiceRecorderButton recorder={recorder} disabled={inputClosed} />}
            onSend={(text) => {
              setDraft('');
              setVoiceNotice(null);
              onSend(text);
            }}
          />
          {localTranscript && <LocalTranscriptionNote className="mt-2" />}
          {voiceNotice && (
            <p
              role={voiceNotice.severity === 'error' ? 'alert' : 'status'}
              className={`mt-2 px-2 text-sm ${
                voiceNotice.severity === 'error'
                  ? 'text-red-600 dark:text-red-400'
                  : 'text-amber-600 dark:text-amber-400'
              }`}
            >
              {voiceNotice.message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
