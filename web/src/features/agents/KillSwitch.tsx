import { useState } from 'react';
import { toast } from 'react-toastify';
import { OctagonX, Play } from 'lucide-react';
import { ConfirmationModal } from '@cofounder/shared/ui';
import { useAgentsStatus, useSetAgentsPaused } from '../../data/agents/use-agents-status.ts';

export const STOP_AGENTS_TEXT =
  'Stop all agents? Running steps end at their next check and nothing new starts until you resume.';

const stopClass =
  'inline-flex items-center gap-2 rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none disabled:opacity-60 dark:border-red-500/40 dark:text-red-300 dark:hover:bg-red-500/10';
const resumeClass =
  'inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:ring-2 focus-visible:ring-emerald-400 focus-visible:outline-none disabled:opacity-60';

/** The founder's kill switch over all agent work: "Stop all agents" (confirmed) ↔ "Agents stopped" + resume. */
export function KillSwitch() {
  const status = useAgentsStatus();
  const setPaused = useSetAgentsPaused();
  const [confirming, setConfirming] = useState(false);

  const change = (paused: boolean) =>
    setPaused.mutate(paused, {
      onSuccess: () => setConfirming(false),
      onError: () =>
        toast.error(
          paused
            ? 'Could not stop the agents. Please try again.'
            : 'Could not resume the agents. Please try again.',
        ),
    });

  if (status.data === true) {
    return (
      <div className="flex flex-wrap items-center gap-2" role="status">
        <span className="inline-flex items-center gap-2 rounded-lg bg-red-100 px-3 py-2 text-sm font-semibold text-red-800 dark:bg-red-500/15 dark:text-red-300">
          <OctagonX className="size-4" aria-hidden="true" />
          Agents stopped
        </span>
        <button
          type="button"
          className={resumeClass}
          disabled={setPaused.isPending}
          onClick={() => change(false)}
        >
          <Play className="size-4" aria-hidden="true" />
          Resume agents
        </button>
      </div>
    );
  }

  return (
    <>
      <button
        type="button"
        className={stopClass}
        disabled={status.isPending && !status.isError}
        onClick={() => setConfirming(true)}
      >
        <OctagonX className="size-4" aria-hidden="true" />
        Stop all agents
      </button>
      <ConfirmationModal
        open={confirming}
        onOpenChange={setConfirming}
        title="Stop all agents"
        message={STOP_AGENTS_TEXT}
        confirmLabel="Stop all agents"
        variant="danger"
        pending={setPaused.isPending}
        onConfirm={() => change(true)}
      />
    </>
  );
}
