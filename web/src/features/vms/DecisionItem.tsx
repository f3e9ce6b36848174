import type { Decision } from '@cofounder/shared';
import type { ActionOutcome } from './monitor-state.ts';
import { confidencePercent, timeOfDay } from './texts.ts';

const OUTCOME_TONES: Record<ActionOutcome['result'], string> = {
  ok: 'text-emerald-700 dark:text-emerald-300',
  blocked: 'text-red-700 dark:text-red-300',
  failed: 'text-red-700 dark:text-red-300',
  declined: 'text-amber-700 dark:text-amber-300',
};

/**
 * One step of the decision timeline: what the co-founder thought, what it did, how sure it was and when. A text
 * that repeats an earlier line of the step shows once: the last step's "done" carries the final message as its
 * text and as its outcome (issue 25 item 13).
 */
export function DecisionItem({ decision, outcome }: { decision: Decision; outcome?: ActionOutcome }) {
  const text = decision.text && decision.text !== decision.thought ? decision.text : null;
  const detail =
    outcome && outcome.detail !== decision.thought && outcome.detail !== decision.text ? outcome.detail : null;
  return (
    <li
      className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
      data-testid="decision"
      data-action={decision.action}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-slate-900 dark:text-white">Step {decision.step}</span>
        <span className="rounded bg-indigo-100 px-1.5 py-0.5 font-mono text-xs text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-300">
          {decision.action}
        </span>
        {decision.coordinate && (
          <span className="font-mono text-xs text-slate-500">
            ({decision.coordinate.x}, {decision.coordinate.y})
          </span>
        )}
        <span className="text-xs text-slate-500">{confidencePercent(decision.confidence)} confident</span>
        <time className="ml-auto text-xs text-slate-500" dateTime={decision.timestamp}>
          {timeOfDay(decision.timestamp)}
        </time>
      </div>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{decision.thought}</p>
      {text && (
        <p className="mt-1 font-mono text-xs break-all text-slate-600 dark:text-slate-400">“{text}”</p>
      )}
      {outcome && detail && <p className={`mt-1 text-xs ${OUTCOME_TONES[outcome.result]}`}>{detail}</p>}
    </li>
  );
}
