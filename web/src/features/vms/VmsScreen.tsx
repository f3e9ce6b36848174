import { useState } from 'react';
import { Info, MonitorOff, Plus } from 'lucide-react';
import { VMS } from '@cofounder/shared';
import { useConfig } from '../../data/config/use-config.ts';
import { useVms } from '../../data/vms/use-vms.ts';
import { Spinner } from '../layout/Spinner.tsx';
import { buttonClass, cardClass, primaryClass } from '../work/labels.ts';
import { LaunchVmModal } from './LaunchVmModal.tsx';
import { LiveViewDialog } from './LiveViewDialog.tsx';
import { TaskPanel } from './TaskPanel.tsx';
import { VM_TEXT } from './texts.ts';
import { useLaunchFlow } from './use-launch-flow.ts';
import { VmCard } from './VmCard.tsx';

/**
 * /dashboard/vms, the "AI Computer Control Center" (spec 2 §2): Launch New VM, the machine cards (polled every
 * VMS.pollMs) with Live View of a running machine's screen, and for the selected running machine the task panel
 * with its timeline and live monitor. A server
 * that cannot run machines says so instead, with its reason; local mode says what a machine is here.
 */
export function VmsScreen({ userId }: { userId: string }) {
  const { vm: vmConfig } = useConfig();
  const vms = useVms(userId, vmConfig.available);
  const launch = useLaunchFlow(userId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);

  const list = vms.data ?? [];
  // The founder's pick, else the first running machine, so a single machine needs no extra click.
  const selected = list.find((v) => v.id === selectedId) ?? list.find((v) => v.status === 'RUNNING') ?? null;
  // Live View shows a running machine's screen; it closes by itself once the machine stops running.
  const viewing = list.find((v) => v.id === viewingId && v.status === 'RUNNING') ?? null;
  const launchButton = (
    <button type="button" className={primaryClass} onClick={launch.start}>
      <Plus className="size-4" aria-hidden="true" />
      {VM_TEXT.launch}
    </button>
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            {VMS.texts.title}
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{VM_TEXT.intro}</p>
        </div>
        {vmConfig.available && list.length > 0 && launchButton}
      </header>

      {!vmConfig.available ? (
        <div role="alert" className={`${cardClass} flex items-start gap-3`}>
          <MonitorOff className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
          <div>
            <h2 className="font-semibold text-slate-900 dark:text-white">{VM_TEXT.unavailableTitle}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{VMS.texts.unavailable}</p>
            {vmConfig.reason && (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{vmConfig.reason}</p>
            )}
          </div>
        </div>
      ) : (
        <>
          {vmConfig.mode === 'local' && (
            <p className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-200">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {vmConfig.hosted ? VM_TEXT.hostedMode : vmConfig.pool ? VM_TEXT.poolMode : VM_TEXT.localMode}
            </p>
          )}

          {vms.isPending ? (
            <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-500">
              <Spinner />
              {VM_TEXT.loading}
            </p>
          ) : vms.isError && !vms.data ? (
            <div role="alert" className={`${cardClass} flex flex-wrap items-center gap-3`}>
              <p className="flex-1 text-sm text-red-600 dark:text-red-400">{VM_TEXT.listFailed}</p>
              <button type="button" className={buttonClass} onClick={() => void vms.refetch()}>
                {VM_TEXT.tryAgain}
              </button>
            </div>
          ) : list.length === 0 ? (
            <div className={`${cardClass} flex flex-col items-center gap-3 py-10 text-center`}>
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{VM_TEXT.emptyTitle}</h2>
              <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{VM_TEXT.emptyBody}</p>
              {launchButton}
            </div>
          ) : (
            <section aria-label={VM_TEXT.machines}>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((vm) => (
                  <li key={vm.id}>
                    <VmCard
                      userId={userId}
                      vm={vm}
                      selected={selected?.id === vm.id}
                      onSelect={() => setSelectedId(vm.id)}
                      onLiveView={() => setViewingId(vm.id)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}

          {selected?.status === 'RUNNING' && (
            <TaskPanel key={selected.id} userId={userId} vm={selected} />
          )}
        </>
      )}

      <LaunchVmModal state={launch.state} onClose={launch.close} />
      <LiveViewDialog userId={userId} vm={viewing} onClose={() => setViewingId(null)} />
    </div>
  );
}
