import { VMS } from '@cofounder/shared';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass, primaryClass } from '../work/labels.ts';
import { WorkDialog } from '../work/WorkDialog.tsx';
import type { LaunchState } from './use-launch-flow.ts';
import { MachineScreen } from './MachineScreen.tsx';
import { VM_TEXT } from './texts.ts';

function Body({ state }: { state: LaunchState }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'launching':
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner />
          {VM_TEXT.launching}
        </p>
      );
    case 'waiting':
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner />
          {VM_TEXT.waiting}
          {state.failures > 0 && (
            <span className="text-xs text-slate-500">
              (attempt {state.failures + 1} of {VMS.vncMaxFailures})
            </span>
          )}
        </p>
      );
    case 'ready':
      return (
        <div className="space-y-3">
          <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
            {VM_TEXT.ready} {state.vm.name} is running.
          </p>
          <MachineScreen vm={state.vm} vnc={state.vnc} />
        </div>
      );
    case 'failed':
      return (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {state.message}
        </p>
      );
    case 'timedOut':
      return (
        <div role="alert" className="space-y-1 text-sm text-red-600 dark:text-red-400">
          <p className="font-semibold">{VMS.texts.vncTimedOut}</p>
          <p>{VMS.texts.vncUnavailable}</p>
        </div>
      );
  }
}

/** The launch-VM modal (spec 1 §2, §4, §8): shows the launch flow's state; closing cancels the polling. */
export function LaunchVmModal({ state, onClose }: { state: LaunchState; onClose: () => void }) {
  return (
    <WorkDialog open={state.phase !== 'idle'} onClose={onClose} title={VM_TEXT.launchTitle} wide>
      <div className="space-y-4">
        <Body state={state} />
        <div className="flex justify-end">
          <button
            type="button"
            className={state.phase === 'ready' ? primaryClass : buttonClass}
            onClick={onClose}
          >
            {VM_TEXT.close}
          </button>
        </div>
      </div>
    </WorkDialog>
  );
}
