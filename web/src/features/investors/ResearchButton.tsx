import { useEffect, useState } from 'react';
import { CheckCircle2, Info, Sparkles } from 'lucide-react';
import { ApiError } from '@cofounder/shared';
import { Spinner } from '../layout/Spinner.tsx';
import { primaryClass } from '../work/labels.ts';
import { INVESTOR_TEXT, elapsedText } from './texts.ts';
import type { ResearchState } from './use-research.ts';

/** Seconds since `startedAt`, ticking once a second while mounted. */
function useElapsed(startedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, now - startedAt);
}

function Running({ startedAt }: { startedAt: number }) {
  const elapsed = useElapsed(startedAt);
  return (
    <p className="flex items-center gap-2 text-sm text-indigo-700 dark:text-indigo-300">
      <Spinner />
      <span>{INVESTOR_TEXT.researching}</span>
      <span className="text-slate-500 tabular-nums dark:text-slate-400" aria-label="Elapsed time">
        {elapsedText(elapsed)}
      </span>
    </p>
  );
}

/** AI Research and what the last run is doing (spinner and elapsed time) or how it ended. */
export function ResearchButton({ state, onStart }: { state: ResearchState; onStart: () => void }) {
  const running = state.phase === 'running';
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <button type="button" className={primaryClass} onClick={onStart} disabled={running}>
        {running ? <Spinner /> : <Sparkles className="size-4" aria-hidden="true" />}
        {INVESTOR_TEXT.research}
      </button>
      <div role="status" aria-live="polite" className="min-h-5">
        {running && <Running startedAt={state.startedAt} />}
        {state.phase === 'finished' && (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            {state.outcome === 'found' ? (
              <CheckCircle2 className="size-4 text-emerald-500" aria-hidden="true" />
            ) : (
              <Info className="size-4 text-slate-400" aria-hidden="true" />
            )}
            {state.outcome === 'found' ? INVESTOR_TEXT.researchFound : INVESTOR_TEXT.researchStillRunning}
          </p>
        )}
        {state.phase === 'failed' && (
          <p className="text-sm text-red-700 dark:text-red-300">
            {state.error instanceof ApiError && state.error.status < 500 && state.error.status !== 403
              ? state.error.message
              : INVESTOR_TEXT.researchFailed}
          </p>
        )}
      </div>
    </div>
  );
}
