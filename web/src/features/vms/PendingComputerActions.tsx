import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight, MonitorCog } from 'lucide-react';
import { approvalKeys } from '../../data/approvals/keys.ts';
import { usePendingComputerActions } from '../../data/approvals/use-approvals.ts';
import { cardClass } from '../work/labels.ts';
import { ConfirmationCard } from './ConfirmationCard.tsx';

/**
 * The approvals inbox's computer actions (issue 12 §3): a payment, password or public post a machine is about to
 * submit waits here as well as in the machine's timeline; either answer reaches the running task.
 */
export function PendingComputerActions() {
  const actions = usePendingComputerActions();
  const queryClient = useQueryClient();
  const list = actions.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="computer-actions-heading" className={cardClass}>
      <h2
        id="computer-actions-heading"
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <MonitorCog className="size-4 text-indigo-500" aria-hidden="true" />
        Computer actions waiting ({list.length})
      </h2>
      <ul className="mt-3 space-y-3">
        {list.map((c) => (
          <ConfirmationCard
            key={c.id}
            vmId={c.vmId}
            confirmation={c}
            onAnswered={() => void queryClient.invalidateQueries({ queryKey: approvalKeys.all() })}
          />
        ))}
      </ul>
      <Link
        to="/dashboard/vms"
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-300"
      >
        Watch it in the AI Computer Control Center
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}
