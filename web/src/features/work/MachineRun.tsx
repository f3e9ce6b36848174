import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError, MACHINE_AGENTS, type Task } from '@cofounder/shared';
import { useAssignMachine } from '../../data/tasks/use-assign-machine.ts';
import { useVms } from '../../data/vms/use-vms.ts';
import { buttonClass } from './labels.ts';

/** What machine-run.ts attaches to a task's result data. */
interface MachineRunData {
  screenshot?: string | null;
  machineRun?: { status: string; message: string };
}

const isMachineAgent = (task: Task) => (MACHINE_AGENTS as readonly string[]).includes(task.agent);

/**
 * Issue 12: coding and research tasks can run on one of the founder's machines first (the task's description as
 * the computer-use instruction). Before the task runs: pick the machine. After: the machine's final screen.
 */
export function MachineRun({ task, userId, data }: { task: Task; userId: string; data: unknown }) {
  const run = (data ?? {}) as MachineRunData;
  const selectId = useId();
  const editable = isMachineAgent(task) && (task.status === 'pending' || task.status === 'failed');
  const machines = useVms(userId, editable);
  const assign = useAssignMachine(userId, task.id);
  const running = (machines.data ?? []).filter((vm) => vm.status === 'RUNNING');

  if (!isMachineAgent(task)) return null;
  return (
    <section aria-label="Machine" className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-800">
      {run.machineRun && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium">Machine run:</span> {run.machineRun.message}
        </p>
      )}
      {run.screenshot && (
        <img
          src={run.screenshot}
          alt="The machine's screen when the task finished"
          className="w-full rounded-lg border border-slate-200 dark:border-slate-800"
        />
      )}
      {editable && (
        <div className="flex flex-wrap items-end gap-2">
          <label htmlFor={selectId} className="text-sm text-slate-700 dark:text-slate-300">
            Run on a machine first
            <select
              id={selectId}
              className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
              value={task.vmId ?? ''}
              disabled={assign.isPending || machines.isPending}
              onChange={(e) =>
                assign.mutate(e.target.value || null, {
                  onSuccess: () =>
                    toast.success(
                      e.target.value
                        ? 'The task will run on that machine first'
                        : 'The task runs without a machine',
                    ),
                  onError: (err) =>
                    toast.error(err instanceof ApiError ? err.message : 'Failed to update the task'),
                })
              }
            >
              <option value="">No machine</option>
              {running.map((vm) => (
                <option key={vm.id} value={vm.id}>
                  {vm.name}
                </option>
              ))}
            </select>
          </label>
          {running.length === 0 && !machines.isPending && (
            <Link to="/dashboard/vms" className={buttonClass}>
              Launch a machine
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
