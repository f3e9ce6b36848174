import { Link } from 'react-router';
import { ArrowRight, Mail } from 'lucide-react';
import { planAllows } from '@cofounder/shared';
import { useSubscriptionStatus } from '../../data/billing/use-subscription-status.ts';
import { usePendingEmails } from '../../data/investors/use-pending-emails.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { cardClass } from '../work/labels.ts';
import { EMAIL_APPROVALS_PATH } from './texts.ts';

/** How many drafts the inbox names before "and N more". */
const SHOWN = 3;

/**
 * The approvals inbox's note about investor emails waiting (issue 10 item 3): they are decided on the Investor
 * Outreach screen, so this only lists them and links to its Email Approvals tab. Shown only to plans that open
 * investor outreach, and only when something waits; a failed call shows nothing (the inbox is about posts).
 */
export function PendingInvestorEmails() {
  const { user } = useAuth();
  const status = useSubscriptionStatus(user?.id ?? null);
  const allowed = Boolean(status.data && planAllows(status.data.plan, 'investorOutreach'));
  const emails = usePendingEmails(user?.id ?? '', { enabled: allowed && Boolean(user) });
  const list = allowed ? (emails.data ?? []) : [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="investor-emails-heading" className={cardClass}>
      <h2
        id="investor-emails-heading"
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <Mail className="size-4 text-indigo-500" aria-hidden="true" />
        Investor emails waiting ({list.length})
      </h2>
      <ul className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
        {list.slice(0, SHOWN).map((e) => (
          <li key={e.id} className="truncate">
            <span className="font-medium">{e.investorName}</span>
            {e.investorFirm && <> · {e.investorFirm}</>} — {e.subject}
          </li>
        ))}
        {list.length > SHOWN && (
          <li className="text-slate-500 dark:text-slate-400">and {list.length - SHOWN} more</li>
        )}
      </ul>
      <Link
        to={EMAIL_APPROVALS_PATH}
        className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-300"
      >
        Review in Email Approvals
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}
