import { planAllows } from '@cofounder/shared';
import { useSubscriptionStatus } from '../billing/use-subscription-status.ts';
import { usePendingEmails } from '../investors/use-pending-emails.ts';
import { useApprovals, usePendingComputerActions } from './use-approvals.ts';

/**
 * Everything waiting for the founder's yes, the one count the sidebar badge shows: drafted posts, sensitive
 * computer actions and investor emails (those only for plans that open investor outreach, and never asked for
 * below them). Each part is the same query its list on the Approvals page reads, so a decision updates the count.
 */
export function useApprovalsWaiting(userId: string | null): number {
  const status = useSubscriptionStatus(userId);
  const emailsAllowed = Boolean(status.data && planAllows(status.data.plan, 'investorOutreach'));
  const emails = usePendingEmails(userId ?? '', { enabled: emailsAllowed && userId !== null });
  const posts = useApprovals('pending').data?.length ?? 0;
  const computerActions = usePendingComputerActions().data?.length ?? 0;
  return posts + computerActions + (emailsAllowed ? (emails.data?.length ?? 0) : 0);
}
