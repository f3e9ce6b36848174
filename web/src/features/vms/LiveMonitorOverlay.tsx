import { DialogShell } from '@cofounder/shared/ui';
import { recentDecisions } from './monitor-state.ts';
import type { VmMonitor } from './use-vm-monitor.ts';
import { DecisionItem } from './DecisionItem.tsx';
import { LiveScreen } from './LiveScreen.tsx';
import { StatusLine } from './StatusLine.tsx';
import { VM_TEXT } from './texts.ts';

interface LiveMonitorOverlayProps {
  open: boolean;
  onClose: () => void;
  vmName: string;
  monitor: VmMonitor;
}

/**
 * The live-monitor overlay (spec 2 §2, §9): full screen, the machine's screen as it changes, the last
 * VMS.monitorScreenshots screens as thumbnails, the last VMS.monitorDecisions decisions and the current status.
 * Radix traps focus, closes on Escape and returns focus to the button that opened it.
 */
export function LiveMonitorOverlay({ open, onClose, vmName, monitor }: LiveMonitorOverlayProps) {
  const { state, connected } = monitor;
  const decisions = recentDecisions(state);
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && onClose()}
      overlayClassName="fixed inset-0 z-50 bg-black/80"
      // Always dark, whatever the theme: "dark" makes the greys and dark: styles inside read as on a dark page.
      className="dark fixed inset-0 z-50 flex flex-col gap-4 overflow-y-auto bg-slate-950 p-4 text-slate-100 focus:outline-none sm:p-6"
      title={`${VM_TEXT.monitorTitle}: ${vmName}`}
      titleClassName="pr-10 text-lg font-semibold"
      description="The machine's screen, its recent screens and the co-founder's recent decisions."
      descriptionClassName="sr-only"
      closeClassName="absolute top-4 right-4 rounded-md p-1 text-slate-400 hover:text-white focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none [&>svg]:size-5"
    >
      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-3">
          <LiveScreen state={state} connected={connected} vmName={vmName} control={monitor} />
          <section aria-label={VM_TEXT.recentScreens}>
            <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
              {VM_TEXT.recentScreens}
            </h3>
            <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
              {state.shots.map((shot, i) => (
                <li key={`${shot.at}-${i}`}>
                  <img
                    src={shot.src}
                    alt={shot.step ? `Screen at step ${shot.step}` : 'Live screen'}
                    className="aspect-[16/10] w-full rounded border border-slate-700 object-cover"
                  />
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="space-y-3">
          <div className="rounded-lg bg-slate-900 p-3 text-sm">
            <StatusLine state={state} />
          </div>
          <section
            aria-label={VM_TEXT.recentDecisions}
            className="[&_li]:border-slate-700 [&_p]:text-slate-300"
          >
            <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
              {VM_TEXT.recentDecisions}
            </h3>
            {decisions.length === 0 ? (
              <p className="mt-2 text-sm text-slate-400">{VM_TEXT.timelineEmpty}</p>
            ) : (
              <ol className="mt-2 space-y-2">
                {decisions.map((d) => (
                  <DecisionItem key={d.step} decision={d} outcome={state.outcomes[d.step]} />
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </DialogShell>
  );
}
