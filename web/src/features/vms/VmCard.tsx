import { useState } from 'react';
import { toast } from 'react-toastify';
import { Globe, Monitor } from 'lucide-react';
import { allowedVmActions, VMS, type Vm, type VmAction } from '@cofounder/shared';
import { ConfirmationModal } from '@cofounder/shared/ui';
import { useVmAction } from '../../data/vms/use-vm-action.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass } from '../work/labels.ts';
import { StatusBadge } from './StatusBadge.tsx';
import {
  ACTION_FAILED,
  ACTION_LABELS,
  RELAUNCH_LABEL,
  STOP_REASON_TEXT,
  TASK_STATUS_LABELS,
  VM_TEXT,
  serverErrorText,
  shortDateTime,
} from './texts.ts';

interface VmCardProps {
  userId: string;
  vm: Vm;
  selected: boolean;
  onSelect: () => void;
  onLiveView: () => void;
}

const STATE_CHANGES = ['suspend', 'stop', 'resume', 'start'] as const satisfies readonly VmAction[];
const dangerClass =
  'inline-flex items-center gap-2 rounded-lg border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none disabled:opacity-60 dark:border-red-500/40 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-500/10';

/**
 * One machine (spec 2 §2): name, status badge, machine type, external IP, created time, the latest task line,
 * and only the buttons its state allows (shared/rules/vms.ts). Delete asks first with the spec's exact words.
 * A failed action toasts the server's error text or the spec's fallback.
 */
export function VmCard({ userId, vm, selected, onSelect, onLiveView }: VmCardProps) {
  const action = useVmAction(userId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const allowed = allowedVmActions(vm.status);
  const pending = action.isPending ? action.variables.action : null;

  const run = (name: VmAction) =>
    action.mutateAsync({ action: name, vmId: vm.id }).then(
      () => true,
      (e: unknown) => {
        toast.error(serverErrorText(e, ACTION_FAILED[name]));
        return false;
      },
    );

  return (
    <article
      aria-label={vm.name}
      data-testid="vm-card"
      className={`flex flex-col gap-3 rounded-xl border bg-white p-5 shadow-sm dark:bg-slate-950 ${selected ? 'border-indigo-500 ring-2 ring-indigo-500/40' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <div className="flex items-start gap-3">
        <Monitor className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white">
            <button
              type="button"
              onClick={onSelect}
              aria-pressed={selected}
              className="text-left hover:text-indigo-600 focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:text-indigo-300"
            >
              {vm.name}
            </button>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{vm.machineType}</p>
        </div>
        <StatusBadge status={vm.status} />
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        {vm.externalIp && (
          <>
            <dt className="flex items-center gap-1">
              <Globe className="size-3.5" aria-hidden="true" />
              IP
            </dt>
            <dd className="font-mono text-slate-800 dark:text-slate-200">{vm.externalIp}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>
          <time dateTime={vm.createdAt}>{shortDateTime(vm.createdAt)}</time>
        </dd>
        {vm.task && (
          <>
            <dt>Last task</dt>
            <dd className="min-w-0">
              <span className="block truncate" title={vm.task.description}>
                {vm.task.description}
              </span>
              <span className="text-xs">{TASK_STATUS_LABELS[vm.task.status] ?? vm.task.status}</span>
            </dd>
          </>
        )}
      </dl>

      {vm.stopReason && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
          {STOP_REASON_TEXT[vm.stopReason]}
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2">
        {allowed.includes('vnc') && (
          <button type="button" className={buttonClass} onClick={onLiveView} disabled={pending !== null}>
            {VM_TEXT.liveView}
          </button>
        )}
        {STATE_CHANGES.filter((a) => allowed.includes(a)).map((a) => (
          <button
            key={a}
            type="button"
            className={buttonClass}
            disabled={pending !== null}
            onClick={() => void run(a)}
          >
            {pending === a && <Spinner />}
            {a === 'start' && vm.stopReason === 'host_lost' ? RELAUNCH_LABEL : ACTION_LABELS[a]}
          </button>
        ))}
        {allowed.includes('terminate') && (
          <button
            type="button"
            className={dangerClass}
            disabled={pending !== null}
            onClick={() => setConfirmDelete(true)}
          >
            {pending === 'terminate' && <Spinner />}
            {VM_TEXT.delete}
          </button>
        )}
      </div>

      <ConfirmationModal
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={VM_TEXT.deleteTitle}
        message={VMS.texts.deleteConfirm}
        confirmLabel={VM_TEXT.delete}
        variant="danger"
        pending={pending === 'terminate'}
        onConfirm={async () => {
          await run('terminate');
          setConfirmDelete(false);
        }}
      />
    </article>
  );
}
