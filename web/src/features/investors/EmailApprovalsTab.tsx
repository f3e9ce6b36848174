import type { UseQueryResult } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import type { PendingEmail } from '@cofounder/shared';
import { cardClass } from '../work/labels.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { INVESTOR_TEXT, dateTime, emailPreview } from './texts.ts';

interface EmailApprovalsTabProps {
  emails: UseQueryResult<PendingEmail[]>;
  onOpen: (email: PendingEmail) => void;
}

/** Email Approvals tab: every draft waiting, its first 200 characters; a click opens the email detail modal. */
export function EmailApprovalsTab({ emails, onOpen }: EmailApprovalsTabProps) {
  if (emails.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Loading emails…
      </p>
    );
  }
  if (emails.isError && !emails.data) {
    return <ErrorPanel text={INVESTOR_TEXT.emailsLoadFailed} onRetry={() => void emails.refetch()} />;
  }
  const list = emails.data ?? [];
  if (list.length === 0) {
    return (
      <p className={`${cardClass} text-center text-sm text-slate-600 dark:text-slate-400`}>
        {INVESTOR_TEXT.emptyEmails}
      </p>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Emails waiting for approval">
      {list.map((email) => (
        <li key={email.id}>
          <article
            className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition focus-within:ring-2 focus-within:ring-indigo-500 hover:border-indigo-300 dark:border-slate-800 dark:bg-slate-950 dark:hover:border-indigo-500/50"
            data-testid="pending-email"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <span className="font-semibold text-slate-900 dark:text-white">{email.investorName}</span>
                {email.investorFirm && <> · {email.investorFirm}</>}
                <span className="ml-2 inline-flex items-center gap-1">
                  <Mail className="size-3.5" aria-hidden="true" />
                  {email.recipientEmail}
                </span>
              </p>
              <time dateTime={email.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                {dateTime(email.createdAt)}
              </time>
            </div>
            <h3 className="mt-2 font-medium text-slate-900 dark:text-white">
              <button
                type="button"
                onClick={() => onOpen(email)}
                className="text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
              >
                {email.subject}
              </button>
            </h3>
            <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">
              {emailPreview(email.body)}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
