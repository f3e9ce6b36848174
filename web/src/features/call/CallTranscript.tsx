import { isOfflineDraft } from '@cofounder/shared';
import { OfflineDraftLabel } from '@cofounder/shared/ui';
import type { TranscriptLine } from './use-voice-call.ts';

/** What both sides said so far, in order; read out as lines arrive. */
export function CallTranscript({ lines }: { lines: TranscriptLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section aria-label="Live transcript" className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Live transcript</h2>
      <ol aria-live="polite" className="space-y-2">
        {lines.map((line) => (
          <li
            key={line.id}
            className={`rounded-xl px-3 py-2 text-sm ${
              line.role === 'user'
                ? 'bg-indigo-50 text-slate-900 dark:bg-indigo-500/10 dark:text-slate-100'
                : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
            }`}
          >
            <span className="font-medium">{line.role === 'user' ? 'You' : 'Co-founder'}: </span>
            {line.text}
            {isOfflineDraft(line.producedBy) && (
              <span className="ml-2 align-middle">
                <OfflineDraftLabel producedBy={line.producedBy} />
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
