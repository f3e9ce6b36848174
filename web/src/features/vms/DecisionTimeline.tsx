import type { VmMonitor } from './use-vm-monitor.ts';
import { ConfirmationCard } from './ConfirmationCard.tsx';
import { DecisionItem } from './DecisionItem.tsx';
import { VM_TEXT } from './texts.ts';

/**
 * The DECISION TIMELINE (spec 2 §2): every step of the current task as it arrives on the monitor socket (or from
 * the stored task), and a confirmation card when a sensitive action waits for the founder.
 */
export function DecisionTimeline({ vmId, monitor }: { vmId: string; monitor: VmMonitor }) {
  const { decisions, outcomes, confirmation } = monitor.state;
  return (
    <section aria-labelledby={`timeline-${vmId}`}>
      <h3
        id={`timeline-${vmId}`}
        className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {VM_TEXT.timeline}
      </h3>
      {decisions.length === 0 && !confirmation ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{VM_TEXT.timelineEmpty}</p>
      ) : (
        <ol aria-label={VM_TEXT.timeline} className="mt-2 space-y-2">
          {decisions.map((d) => (
            <DecisionItem key={d.step} decision={d} outcome={outcomes[d.step]} />
          ))}
          {confirmation && (
            <ConfirmationCard
              vmId={vmId}
              confirmation={confirmation}
              onAnswered={monitor.confirmationAnswered}
            />
          )}
        </ol>
      )}
    </section>
  );
}
