import type { Vm } from '@cofounder/shared';
import { useVmView } from '../../data/vms/use-vm-view.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { WorkDialog } from '../work/WorkDialog.tsx';
import { MachineScreen } from './MachineScreen.tsx';
import { VM_TEXT, serverErrorText } from './texts.ts';

/**
 * A card's Live View (spec 2 §4 "RUNNING allows VNC"): the machine's screen on its own, whether or not a task
 * runs. The live monitor is the other view: a task's recent screens and decisions (issue 25 item 13).
 */
export function LiveViewDialog({ userId, vm, onClose }: { userId: string; vm: Vm | null; onClose: () => void }) {
  const view = useVmView(userId, vm?.id ?? null);
  return (
    <WorkDialog
      open={vm !== null}
      onClose={onClose}
      title={vm ? VM_TEXT.liveViewTitle(vm.name) : VM_TEXT.liveView}
      description={VM_TEXT.liveViewAbout}
      wide
    >
      {vm &&
        (view.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Spinner />
            {VM_TEXT.liveViewLoading}
          </p>
        ) : view.isError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {serverErrorText(view.error, VM_TEXT.liveViewFailed)}
          </p>
        ) : (
          <div className="space-y-3">
            <MachineScreen vm={vm} vnc={view.data} />
          </div>
        ))}
    </WorkDialog>
  );
}
