import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, type Approval, type ApprovalPost } from '@cofounder/shared';
import { useApprovals } from '../../data/approvals/use-approvals.ts';
import { useDecideApproval } from '../../data/approvals/use-decide-approval.ts';
import { useRetryPublish } from '../../data/approvals/use-retry-publish.ts';
import { PendingInvestorEmails } from '../investors/PendingInvestorEmails.tsx';
import { PendingComputerActions } from '../vms/PendingComputerActions.tsx';
import { buttonClass, cardClass } from '../work/labels.ts';
import { ApprovalCard } from './ApprovalCard.tsx';
import { APPROVAL_TEXT, APPROVALS_EMPTY, APPROVALS_SUBTITLE } from './texts.ts';

type Tab = 'pending' | 'approved' | 'rejected';
const TABS: { id: Tab; label: string }[] = [
  { id: 'pending', label: 'Waiting' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
];
const EMPTY: Record<Tab, string> = {
  pending: APPROVALS_EMPTY,
  approved: 'Nothing approved yet',
  rejected: 'Nothing rejected yet',
};

/** The toast after a decision: an approved post is queued, or waits for its platform to be connected. */
function decidedText({ status, publish, post }: Approval): string {
  if (status === 'rejected') return APPROVAL_TEXT.rejected;
  return publish?.status === 'waiting_connection'
    ? APPROVAL_TEXT.approvedWaiting(post.platform)
    : APPROVAL_TEXT.approved;
}

const errorText = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);

/** /dashboard/approvals: drafted posts wait here for the founder's approve / edit / reject, with the other waiting kinds. */
export function ApprovalsScreen() {
  const [tab, setTab] = useState<Tab>('pending');
  const approvals = useApprovals(tab);
  const decide = useDecideApproval();
  const retry = useRetryPublish();

  const onDecide = (id: string, decision: 'approve' | 'reject', edited?: ApprovalPost) =>
    decide.mutate(
      { id, body: edited ? { decision, edited } : { decision } },
      {
        onSuccess: ({ approval }) => toast.success(decidedText(approval)),
        onError: (e) => toast.error(errorText(e, APPROVAL_TEXT.decideFailed)),
      },
    );

  const onRetry = (id: string) =>
    retry.mutate(id, {
      onSuccess: () => toast.success(APPROVAL_TEXT.retried),
      onError: (e) => toast.error(errorText(e, APPROVAL_TEXT.retryFailed)),
    });

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Approvals</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {APPROVALS_SUBTITLE}
        </p>
      </header>
      <PendingComputerActions />
      <PendingInvestorEmails />
      <div role="tablist" aria-label="Approvals" className="flex gap-2">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`${buttonClass} ${tab === t.id ? 'border-indigo-500 text-indigo-700 dark:text-indigo-300' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {approvals.isPending ? (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            Loading approvals…
          </p>
        ) : approvals.isError ? (
          <div role="alert" className={cardClass}>
            <p className="text-red-700 dark:text-red-300">Could not load approvals.</p>
            <button type="button" className={`${buttonClass} mt-3`} onClick={() => void approvals.refetch()}>
              Try again
            </button>
          </div>
        ) : approvals.data.length === 0 ? (
          <p className={`${cardClass} text-center text-slate-600 dark:text-slate-400`}>{EMPTY[tab]}</p>
        ) : (
          <ul className="space-y-4">
            {approvals.data.map((a) => (
              <ApprovalCard
                key={a.id}
                approval={a}
                busy={
                  (decide.isPending && decide.variables.id === a.id) ||
                  (retry.isPending && retry.variables === a.id)
                }
                onDecide={(decision, edited) => onDecide(a.id, decision, edited)}
                onRetry={() => onRetry(a.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
