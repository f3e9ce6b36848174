import type { MonitorState } from './monitor-state.ts';
import { TASK_STATUS_LABELS } from './texts.ts';

/**
 * The current task's status in words: state, step and the latest message ("Running · step 3"). The final
 * message is left to the result below and the last step, so it is not said a third time here.
 */
export function StatusLine({ state }: { state: MonitorState }) {
  if (!state.status) return <p className="text-slate-500 dark:text-slate-400">No task yet.</p>;
  const message = state.result && state.message === state.result.message ? null : state.message;
  const label = TASK_STATUS_LABELS[state.status] ?? state.status;
  const step = state.running && state.step ? ` · step ${state.step}` : '';
  return (
    <p role="status" aria-live="polite" data-testid="task-status">
      <span className="font-semibold">
        {label}
        {step}
      </span>
      {message && <span>: {message}</span>}
    </p>
  );
}
